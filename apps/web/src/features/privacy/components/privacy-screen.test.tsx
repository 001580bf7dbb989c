import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivacyOverview, PrivacyRequest } from '@estante/contract';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../../identity/api/sign-in';
import { clearSession } from '../../identity/utils/session';
import { HistoryChoiceNotice } from './history-choice-notice';
import { PrivacyScreen } from './privacy-screen';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const overview = (over: Partial<PrivacyOverview> = {}): PrivacyOverview => ({
  escolhas: { receber_email: true, manter_historico: true },
  dados: [
    { tipo: 'identificacao', registros: 1 },
    { tipo: 'emprestimos', registros: 7 },
  ],
  historico_emprestimos: 4,
  pedidos: [],
  ...over,
});

/** Ana signed in; the privacy calls answer as `answers` says and are recorded. */
async function renderPrivacy(
  state: PrivacyOverview,
  answers: { request?: () => Response } = {},
): Promise<{
  sent: { method: string; path: string; body: unknown }[];
  user: ReturnType<typeof userEvent.setup>;
}> {
  stubIdentityApi();
  const identity = globalThis.fetch;
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (!url.pathname.startsWith('/api/pessoas/meu-pergamum/privacidade')) return identity(input, init);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      sent.push({ method, path: url.pathname.slice('/api/pessoas/meu-pergamum/privacidade'.length), body });
      if (method === 'PUT') {
        const choices = body as PrivacyOverview['escolhas'];
        state.escolhas = choices;
        return jsonResponse(choices);
      }
      if (url.pathname.endsWith('/anonimizar-historico')) {
        const count = state.historico_emprestimos;
        state.historico_emprestimos = 0;
        return jsonResponse({ anonimizados: count });
      }
      if (url.pathname.endsWith('/pedido')) return answers.request!();
      return jsonResponse(state);
    }),
  );
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<PrivacyScreen login="ana" lgpdLink="https://biblioteca.example/lgpd" />);
  await screen.findByRole('heading', { level: 2, name: 'O que a biblioteca guarda' });
  return { sent, user: userEvent.setup() };
}

afterEach(async () => {
  await clearSession();
});

describe('PrivacyScreen', () => {
  it('explains each kind of data with its purpose, legal basis and records, and links the library policy', async () => {
    await renderPrivacy(overview());
    const loans = screen.getByRole('article', { name: 'Empréstimos e seu histórico' });
    expect(within(loans).getByText('Base legal')).toBeTruthy();
    expect(within(loans).getByText('Registros hoje: 7')).toBeTruthy();
    // Alerts are explained even with nothing kept yet.
    expect(within(screen.getByRole('article', { name: 'Alertas' })).queryByText(/Registros hoje/)).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Política de proteção de dados da biblioteca' }).getAttribute('href'),
    ).toBe('https://biblioteca.example/lgpd');
  });

  it('saves both choices, then offers to anonymise the loans already returned, and does it', async () => {
    const { sent, user } = await renderPrivacy(overview());
    expect(screen.queryByRole('button', { name: 'Anonimizar o histórico agora' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Guardar meu histórico de empréstimos/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar escolhas' }));
    expect(await screen.findByText('Escolhas salvas.')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/escolhas', body: { receber_email: true, manter_historico: false } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Anonimizar o histórico agora' }));
    expect(await screen.findByText('Empréstimos anonimizados: 4')).toBeTruthy();
  });

  it('names each item that blocks a deletion request, a fee without a title included', async () => {
    const refused: PrivacyRequest = {
      codigo: 1,
      tipo: 'anonimizacao',
      observacao: null,
      situacao: 'recusado',
      impedimentos: [
        { tipo: 'emprestimo', titulo: 'Dom Casmurro', valor: null, biblioteca: 'Biblioteca Central' },
        { tipo: 'debito', titulo: 'Iracema', valor: 4.5, biblioteca: 'Biblioteca Central' },
        { tipo: 'debito', titulo: null, valor: 10, biblioteca: 'Biblioteca Setorial' },
      ],
      data_pedido: '2026-03-02T12:00:00.000Z',
      data_conclusao: '2026-03-02T12:00:00.000Z',
      resposta: null,
    };
    const { sent, user } = await renderPrivacy(overview(), { request: () => jsonResponse(refused, 201) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'O que você pede' }), 'anonimizacao');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    // The money label keeps the currency and the amount together (a no-break space).
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Empréstimo em aberto: Dom Casmurro (Biblioteca Central)',
      'Débito de R$\u00a04,50: Iracema (Biblioteca Central)',
      'Débito de R$\u00a010,00 (Biblioteca Setorial)',
    ]);
    expect(sent.find((call) => call.path === '/pedido')?.body).toEqual({ tipo: 'anonimizacao' });
  });

  it('shows a second open request refused in place, keeping the note typed', async () => {
    const { user } = await renderPrivacy(overview(), {
      request: () =>
        jsonResponse({ code: 'PRIVACY_REQUEST_OPEN', message: 'privacy.errors.requestOpen' }, 422),
    });
    const note = screen.getByRole('textbox', { name: 'Observação (opcional)' });
    await user.type(note, 'Por favor, excluam.');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(
      await screen.findByText('Você já tem um pedido em aberto. Aguarde a resposta da biblioteca.'),
    ).toBeTruthy();
    expect((note as HTMLTextAreaElement).value).toBe('Por favor, excluam.');
  });

  it('tells the loan history screen when the history is not kept, with a way to change it', async () => {
    const state = overview({ escolhas: { receber_email: true, manter_historico: false } });
    await renderPrivacy(state);
    renderWithProviders(<HistoryChoiceNotice privacyHref="/meupergamum/privacidade" />);
    expect(await screen.findByText(/Você escolheu não guardar seu histórico de empréstimos/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mudar em Privacidade' }).getAttribute('href')).toBe(
      '/meupergamum/privacidade',
    );
  });

  it('shows no history notice to a patron who keeps the history', async () => {
    const { sent } = await renderPrivacy(overview());
    renderWithProviders(<HistoryChoiceNotice privacyHref="/meupergamum/privacidade" />);
    // Both the screen and the notice have read the choices.
    await waitFor(() => expect(sent.filter((call) => call.method === 'GET')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Você escolheu não guardar/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mudar em Privacidade' })).toBeNull();
  });
});
