import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_ERROR, type Alert } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { AlertsScreen } from './alerts-screen';
import { UnreadAlertsLink } from './unread-alerts-link';

interface SentCall {
  method: string;
  path: string;
  query: Record<string, string>;
}

/** Stands in for the API (fetch stubbed, everything else real); records every call. */
function stubApi(answers: Record<string, (call: SentCall) => Response>): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith(async (url, init) => {
        const call = {
          method: init?.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
        };
        sent.push(call);
        const answer = answers[`${call.method} ${call.path}`];
        return answer ? answer(call) : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return sent;
}

const HOLD_READY: Alert = {
  id: 7,
  lido: false,
  tipo: 'holdReady',
  data: '2031-05-09T12:00:00.000Z',
  texto: 'server text',
  parametros: { title: 'Iracema', titleId: 13, library: 'Biblioteca Central', until: '2031-05-11' },
  link: '/meupergamum/reservas',
};
const DUE_SOON: Alert = {
  id: 8,
  lido: true,
  tipo: 'loanDueSoon',
  data: '2031-05-08T12:00:00.000Z',
  texto: 'server text',
  parametros: { title: 'Esaú e Jacó', titleId: 4, dueOn: '2031-05-10' },
  link: '/meupergamum/emprestimos',
};

beforeEach(() =>
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 }),
);
afterEach(() => {
  setUserCredentials(null);
  vi.unstubAllGlobals();
});

describe('alerts screen (SPEC §3 Alert, §5, §7)', () => {
  it('lists the alerts of the last thirty days, read or not in words, with where each leads', async () => {
    const sent = stubApi({ 'GET /api/solicitacoes/alertas': () => jsonResponse([HOLD_READY, DUE_SOON]) });
    renderWithProviders(<AlertsScreen />);
    const list = await screen.findByRole('list', { name: 'Alertas do período' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Não lido');
    expect(items[0]!.textContent).toContain(
      'O título "Iracema" que você reservou está disponível para retirada na Biblioteca Central até 11/05/2031.',
    );
    expect(within(items[0]!).getByRole('link', { name: 'Ver' }).getAttribute('href')).toBe(
      '/meupergamum/reservas',
    );
    expect(items[1]!.textContent).toContain('Lido');
    expect(within(items[1]!).queryByRole('button', { name: 'Marcar como lido' })).toBeNull();
    const [call] = sent;
    expect(call!.query['dataIni']! < call!.query['dataFim']!).toBe(true);
  });

  it('refuses a missing day or a start after the end in place, naming the field, and asks nothing', async () => {
    const sent = stubApi({ 'GET /api/solicitacoes/alertas': () => jsonResponse([]) });
    renderWithProviders(<AlertsScreen />);
    await screen.findByText('Nenhum alerta neste período.');
    const from = screen.getByLabelText(/Data inicial/);
    await userEvent.clear(from);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar alertas' }));
    expect((await screen.findByRole('alert')).textContent).toBe('O campo Data inicial é obrigatório.');
    expect(document.activeElement).toBe(from);
    await userEvent.type(from, '2031-06-01');
    await userEvent.clear(screen.getByLabelText(/Data final/));
    await userEvent.type(screen.getByLabelText(/Data final/), '2031-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar alertas' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A data inicial não pode ser posterior à data final.',
    );
    expect(sent).toHaveLength(1);
  });

  it('shows the server’s refusal of the period in place, in the patron’s language', async () => {
    let calls = 0;
    stubApi({
      'GET /api/solicitacoes/alertas': () =>
        ++calls === 1
          ? jsonResponse([])
          : jsonResponse({ code: ALERT_ERROR.DATE_RANGE.code, message: ALERT_ERROR.DATE_RANGE.key }, 422),
    });
    renderWithProviders(<AlertsScreen />);
    await screen.findByText('Nenhum alerta neste período.');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar alertas' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A data inicial não pode ser posterior à data final.',
    );
  });

  it('marks an alert read and deletes one after confirming, reading the list again each time', async () => {
    let alerts = [HOLD_READY, DUE_SOON];
    const sent = stubApi({
      'GET /api/solicitacoes/alertas': () => jsonResponse(alerts),
      'PUT /api/solicitacoes/alertas/7': () => {
        alerts = [{ ...HOLD_READY, lido: true }, DUE_SOON];
        return jsonResponse(alerts[0]);
      },
      'DELETE /api/solicitacoes/alertas/8': () => {
        alerts = alerts.filter((a) => a.id !== 8);
        return jsonResponse({ id: 8 });
      },
    });
    renderWithProviders(<AlertsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar como lido' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Marcar como lido' })).toBeNull());
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('Lido');

    await userEvent.click(screen.getAllByRole('button', { name: 'Excluir' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Excluir alerta' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(await screen.findByText('Alerta excluído.')).toBeTruthy();
    expect(sent.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/solicitacoes/alertas/7',
      'DELETE /api/solicitacoes/alertas/8',
    ]);
  });
});

describe('unread alerts in the header', () => {
  it('says how many alerts are unread, and shows nothing when none is', async () => {
    let count = 3;
    stubApi({ 'GET /api/solicitacoes/alertas/nao-lidos': () => jsonResponse({ quantidade: count }) });
    const { queryClient } = renderWithProviders(<UnreadAlertsLink />);
    const link = await screen.findByRole('link', { name: '3 alertas não lidos' });
    expect(link.getAttribute('href')).toBe('/meupergamum/alertas');
    count = 0;
    await queryClient.invalidateQueries({ queryKey: ['alerts'] });
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
  });
});
