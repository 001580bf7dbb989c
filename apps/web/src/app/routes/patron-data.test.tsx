import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVITY, type Debt } from '@estante/contract';
import { routes } from '../router';
import { jsonResponse, renderRoutes, loadLazyRoutes } from '../../testing/render';
import { buildUserSession, stubIdentityApi } from '../../testing/identity';
import { signIn } from '../../features/identity/api/sign-in';
import { clearSession } from '../../features/identity/utils/session';

// The record, personal-area and staff screens are lazy routes: load their code before the tests wait.
beforeAll(() => loadLazyRoutes(routes));

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const DEBTS_GRANT = [
  { cod_modulo: 1, cod_atividade: ACTIVITY.PERSONAL_AREA, descricao: '' },
  { cod_modulo: 1, cod_atividade: ACTIVITY.PERSONAL_AREA_DEBTS, descricao: '' },
];

/** A pending fine, shaped as GET /emprestimo/debitos-pendentes answers it. */
function fine(code: number, title: string): Debt {
  return {
    cod_debito: code,
    valor_multa: 4,
    desconto: 0,
    valor_pago: 0,
    valor_pendente: 4,
    data_pagamento: null,
    data_debito: '2025-05-06T18:00:00.000Z',
    tipo_servico: 'multa_atraso',
    motivo: `Devolução com 4 dia(s) de atraso: ${title}`,
    biblioteca: { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    cod_acervo: code,
    titulo: title,
    dias_atraso: 4,
  };
}

const ANA_DEBT = fine(7, 'Dom Casmurro');
const BRUNO_DEBT = fine(9, 'Vidas Secas');

/**
 * Ana and Bruno, each with one fine. Bruno's debts wait until `answerBruno()`, so the test can look
 * at his screen while it is still loading.
 */
function stubTwoPatrons() {
  stubIdentityApi({
    ana: { password: 'estante-ana', session: { ...buildUserSession(), authPermissions: DEBTS_GRANT } },
    bruno: {
      password: 'estante-bruno',
      session: {
        ...buildUserSession({ nome_pessoa: 'Bruno Lima', login: 'bruno', cod_pessoa: 2 }),
        authPermissions: DEBTS_GRANT,
      },
    },
  });
  const tokens = new Map<string, string>();
  let answerBruno: () => void = () => undefined;
  const brunoAnswered = new Promise<void>((resolve) => (answerBruno = resolve));
  const identity = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/oauth/token') {
        // Whose token each password grant hands out.
        const answer = await identity(input, init);
        const grant = JSON.parse(String(init?.body)) as { grant_type: string; username?: string };
        const { access_token } = (await answer.clone().json()) as { access_token?: string };
        if (grant.grant_type === 'password' && access_token) tokens.set(access_token, grant.username ?? '');
        return answer;
      }
      if (url.pathname === '/api/emprestimo/debitos-pendentes') {
        const token = new Headers(init?.headers).get('Authorization')?.replace(/^Bearer /, '');
        const patron = token ? tokens.get(token) : undefined;
        if (patron === 'ana') return jsonResponse([ANA_DEBT]);
        if (patron === 'bruno') {
          await brunoAnswered;
          return jsonResponse([BRUNO_DEBT]);
        }
        return jsonResponse({ message: 'Credenciais ausentes ou expiradas.', code: 'UNAUTHORIZED' }, 401);
      }
      // The debts screen also reads the loans, for fines still accruing: neither has a late loan.
      if (url.pathname === '/api/emprestimo/titulos-pendentes') return jsonResponse([]);
      return identity(input, init);
    }),
  );
  const signInAs = async (login: 'ana' | 'bruno') => {
    await act(() => signIn({ username: login, password: `estante-${login}`, rememberMe: false }));
  };
  return { signInAs, answerBruno: () => answerBruno() };
}

const watchers: MutationObserver[] = [];

/** Watches the page from now on: tells whether `text` was ever on it, even for a moment. */
function watchFor(text: string) {
  let seen = false;
  const look = () => {
    if (document.body.textContent?.includes(text)) seen = true;
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  watchers.push(observer);
  return {
    wasSeen: () => {
      look();
      observer.disconnect();
      return seen;
    },
  };
}

afterEach(async () => {
  for (const observer of watchers.splice(0)) observer.disconnect();
  await clearSession();
});

describe("the patron's data after sign-out and another sign-in", () => {
  it('never shows the last patron’s debts to the patron who signs in next in the same tab', async () => {
    const { signInAs, answerBruno } = stubTwoPatrons();
    await signInAs('ana');
    const { router } = renderRoutes(routes, { route: '/meupergamum/debitos' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Dom Casmurro' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const anasDebt = watchFor('Dom Casmurro');

    await signInAs('bruno');
    await act(() => router.navigate('/meupergamum/debitos'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Débitos' })).toBeTruthy();
    // Bruno's own debts are still on their way: the screen waits for them.
    expect(screen.getByText('Carregando seus débitos…')).toBeTruthy();
    answerBruno();
    expect(await screen.findByRole('heading', { level: 3, name: 'Vidas Secas' })).toBeTruthy();
    expect(anasDebt.wasSeen()).toBe(false);
  });

  it('drops the shown debts at once when another patron signs in while the screen is open', async () => {
    const { signInAs, answerBruno } = stubTwoPatrons();
    await signInAs('ana');
    renderRoutes(routes, { route: '/meupergamum/debitos' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Dom Casmurro' })).toBeTruthy();

    // Bruno signs in on this computer (another tab, or a linked login) without Ana signing out here.
    await signInAs('bruno');
    await waitFor(() => expect(screen.queryByText('Dom Casmurro')).toBeNull());
    expect(screen.getByText('Carregando seus débitos…')).toBeTruthy();
    answerBruno();
    expect(await screen.findByRole('heading', { level: 3, name: 'Vidas Secas' })).toBeTruthy();
    expect(screen.queryByText('Dom Casmurro')).toBeNull();
  });
});
