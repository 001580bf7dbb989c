import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CIRCULATION_ERROR, CIRCULATION_RULE_KEYS, type Hold } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { lastTwelveMonths } from '../../../components/form/date-range';
import { HoldsScreen } from './holds-screen';
import { signInPatron, stubCirculationApi } from './circulation-test-api';

const hold = (over: Partial<Hold>): Hold => ({
  cod_reserva: 1,
  cod_acervo: 4,
  titulo: 'Esaú e Jacó',
  autor: 'Machado de Assis',
  biblioteca: { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
  situacao: 'fila',
  posicao_fila: 2,
  data_reserva: '2031-05-07T18:00:00.000Z',
  data_liberacao: null,
  prazo_retirada: null,
  data_cancelamento: null,
  observacoes: null,
  volume: null,
  tomo: null,
  parte: null,
  material_adicional: null,
  localizacao: null,
  cod_exemplar: null,
  ...over,
});

const QUEUED = hold({ cod_reserva: 11 });
const RELEASED = hold({
  cod_reserva: 12,
  cod_acervo: 13,
  titulo: 'Iracema',
  situacao: 'liberada',
  posicao_fila: null,
  data_liberacao: '2031-05-09T18:00:00.000Z',
  prazo_retirada: '2031-05-11',
  observacoes: CIRCULATION_RULE_KEYS.observationPickup,
  cod_exemplar: 30,
});

const openHolds = () => screen.getByRole('region', { name: 'Reservas em aberto' });

beforeEach(signInPatron);
afterEach(() => {
  setUserCredentials(null);
});

describe('holds screen (SPEC §3 Hold, §5, §7 Reservations)', () => {
  it('lists each open hold with its status, place in the queue, release date, deadline and observation', async () => {
    stubCirculationApi({
      'GET /api/reserva': () => jsonResponse([QUEUED, RELEASED]),
      'GET /api/reserva/historico': () => jsonResponse([]),
    });
    renderWithProviders(<HoldsScreen />);
    const table = await within(openHolds()).findByRole('table', { name: 'Reservas em aberto' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .concat(within(row).getAllByRole('rowheader'))
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['', 'Biblioteca Central', 'Na fila', '2', '07/05/2031', '', '', '', 'Esaú e Jacó'],
      [
        '',
        'Biblioteca Central',
        'Disponível para retirada',
        '',
        '07/05/2031',
        '09/05/2031',
        '11/05/2031',
        'Disponível para retirada.',
        'Iracema',
      ],
    ]);
  });

  it('asks for a reservation to be selected before cancelling, and sends nothing', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva': () => jsonResponse([QUEUED, RELEASED]),
      'GET /api/reserva/historico': () => jsonResponse([]),
    });
    renderWithProviders(<HoldsScreen />);
    await within(openHolds()).findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar reservas selecionadas' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Selecione ao menos uma reserva para cancelar.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('cancels the selected holds after the confirm dialog and reports each one', async () => {
    let open = [QUEUED, RELEASED];
    const sent = stubCirculationApi({
      'GET /api/reserva': () => jsonResponse(open),
      'GET /api/reserva/historico': () => jsonResponse([]),
      'DELETE /api/reserva': () => {
        open = [];
        return jsonResponse({
          resultados: [
            { cod_reserva: 11, cancelada: true, motivo: null },
            {
              cod_reserva: 12,
              cancelada: false,
              motivo: {
                codigo: CIRCULATION_ERROR.HOLD_ENDED.code,
                mensagem: CIRCULATION_ERROR.HOLD_ENDED.key,
              },
            },
          ],
        });
      },
    });
    renderWithProviders(<HoldsScreen />);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Selecionar a reserva de Esaú e Jacó' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar a reserva de Iracema' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar reservas selecionadas' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancelamento de reservas' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Esaú e Jacó', 'Iracema']);
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar reservas' }));

    const report = await screen.findByRole('status', { name: 'Resultado do cancelamento' });
    await waitFor(() =>
      expect(
        within(report)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '«Esaú e Jacó»: reserva cancelada.',
        '«Iracema»: não cancelada. Esta reserva já foi encerrada.',
      ]),
    );
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/reserva', query: {}, body: { reservas: [11, 12] } },
    ]);
    // The list is read again after the cancellation.
    expect(await within(openHolds()).findByText('Você não tem reservas em aberto.')).toBeTruthy();
  });

  it('keeps every hold when the patron keeps them in the confirm dialog', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva': () => jsonResponse([QUEUED]),
      'GET /api/reserva/historico': () => jsonResponse([]),
    });
    renderWithProviders(<HoldsScreen />);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Selecionar a reserva de Esaú e Jacó' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar reservas selecionadas' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Manter reservas' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('reads the history of the last twelve months, then of the days chosen, refusing a start after the end', async () => {
    const cancelled = hold({
      cod_reserva: 5,
      situacao: 'cancelada',
      posicao_fila: null,
      data_cancelamento: '2031-02-03T12:00:00.000Z',
      observacoes: CIRCULATION_RULE_KEYS.observationExpired,
    });
    const sent = stubCirculationApi({
      'GET /api/reserva': () => jsonResponse([]),
      'GET /api/reserva/historico': () => jsonResponse([cancelled]),
    });
    renderWithProviders(<HoldsScreen />);
    const history = screen.getByRole('region', { name: 'Histórico de reservas' });
    const table = await within(history).findByRole('table', { name: 'Reservas feitas no período' });
    expect(within(table).getByText('Cancelada: o prazo de retirada terminou.')).toBeTruthy();
    expect(within(table).getByText('03/02/2031')).toBeTruthy();
    const initial = lastTwelveMonths();
    expect(sent.find((call) => call.path === '/api/reserva/historico')?.query).toEqual({
      dataIni: initial.from,
      dataFim: initial.to,
    });

    const from = within(history).getByLabelText('De');
    const to = within(history).getByLabelText('Até');
    await userEvent.clear(from);
    await userEvent.type(from, '2031-03-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2031-01-01');
    await userEvent.click(within(history).getByRole('button', { name: 'Consultar' }));
    expect((await within(history).findByRole('alert')).textContent).toBe(
      'A data inicial não pode ser posterior à data final.',
    );
    const asked = () =>
      sent.filter((call) => call.path === '/api/reserva/historico').map((call) => call.query);
    expect(asked()).toHaveLength(1);

    await userEvent.clear(to);
    await userEvent.type(to, '2031-04-30');
    await userEvent.click(within(history).getByRole('button', { name: 'Consultar' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ dataIni: '2031-03-01', dataFim: '2031-04-30' }));
  });
});
