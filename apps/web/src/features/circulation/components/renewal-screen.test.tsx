import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RenewalOverview } from '@estante/contract';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../../identity/api/sign-in';
import { clearSession } from '../../identity/utils/session';
import { RenewalScreen } from './renewal-screen';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** A suspended patron: nothing can be renewed, automatic renewal on. */
const OVERVIEW: RenewalOverview = {
  renovacao_automatica: true,
  bloqueios: [{ codigo: 'PATRON_SUSPENDED', mensagem: 'circulation.errors.patronSuspended' }],
  emprestimos: [
    {
      cod_emprestimo: 1,
      cod_acervo: 10,
      titulo: 'Dom Casmurro',
      data_devolucao: '2026-03-16',
      renovacoes: 1,
      limite_renovacoes: 2,
      pode_renovar: false,
      motivo: { codigo: 'PATRON_SUSPENDED', mensagem: 'circulation.errors.patronSuspended' },
    },
  ],
};

/** Ana signed in; PUT /pessoas/renovar answers with `putStatus` (200 keeps the setting asked). */
async function renderRenewal(putStatus = 200) {
  stubIdentityApi();
  const identity = globalThis.fetch;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/pessoas/renovar') {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { renovacao_automatica: boolean };
          puts.push(body);
          if (putStatus !== 200) {
            return jsonResponse({ message: 'Erro inesperado.', code: 'INTERNAL' }, putStatus);
          }
          OVERVIEW.renovacao_automatica = body.renovacao_automatica;
          return jsonResponse(body);
        }
        return jsonResponse(OVERVIEW);
      }
      return identity(input, init);
    }),
  );
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<RenewalScreen renewHref="/meupergamum/emprestimos" />);
  await screen.findByRole('heading', { level: 2, name: 'Renovação automática' });
  return { puts, user: userEvent.setup() };
}

afterEach(async () => {
  OVERVIEW.renovacao_automatica = true;
  await clearSession();
});

const automatic = () =>
  screen.getByRole('switch', { name: 'Renovar automaticamente no dia da devolução' }) as HTMLInputElement;

describe('RenewalScreen', () => {
  it('says what blocks every renewal and why each loan cannot be renewed, with a link to the loans', async () => {
    await renderRenewal();
    const blocks = screen.getByRole('region', { name: 'Nenhum empréstimo pode ser renovado agora' });
    expect(within(blocks).getByRole('listitem').textContent).toBe(
      'Você está suspenso: empréstimos, renovações, reservas e solicitações ficam bloqueados até o fim da suspensão.',
    );
    const row = screen.getByRole('row', { name: /Dom Casmurro/ });
    expect(within(row).getByText('16/03/2026')).toBeTruthy();
    expect(within(row).getByText('1 de 2')).toBeTruthy();
    expect(within(row).getByText(/^Não pode ser renovado agora\. Você está suspenso/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renovar na página de empréstimos' }).getAttribute('href')).toBe(
      '/meupergamum/emprestimos',
    );
  });

  it('turns automatic renewal off and says so', async () => {
    const { puts, user } = await renderRenewal();
    expect(automatic().checked).toBe(true);
    await user.click(automatic());
    expect(await screen.findByText('Renovação automática desativada.')).toBeTruthy();
    expect(puts).toEqual([{ renovacao_automatica: false }]);
    expect(automatic().checked).toBe(false);
  });

  it('puts the switch back when the server does not take the change', async () => {
    const { puts, user } = await renderRenewal(500);
    await user.click(automatic());
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() => expect(automatic().checked).toBe(true));
    expect(screen.queryByText('Renovação automática desativada.')).toBeNull();
  });
});
