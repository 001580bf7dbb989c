import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanRequest } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { lastTwelveMonths } from '../../../components/form/date-range';
import { LoanRequestsScreen } from './loan-requests-screen';
import { signInPatron, stubCirculationApi } from './circulation-test-api';

const request = (over: Partial<LoanRequest>): LoanRequest => ({
  cod_solicitacao: 1,
  cod_acervo: 16,
  titulo: 'Grande sertão: veredas',
  situacao: 'aguardando',
  data_solicitacao: '2031-05-10T18:00:00.000Z',
  data_atualizacao: '2031-05-10T18:00:00.000Z',
  prazo_retirada: null,
  biblioteca_origem: { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
  biblioteca_recebimento: { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  local_recebimento: 'Balcão de empréstimo',
  domicilio: false,
  cod_exemplar: 50,
  numero_exemplar: '16-1',
  volume: null,
  tomo: null,
  parte: null,
  material_adicional: null,
  telefone: '(11) 5555-0101',
  email: 'elisa@demo.estante.example',
  pessoa_autorizada: null,
  observacao: null,
  ...over,
});

beforeEach(signInPatron);
afterEach(() => setUserCredentials(null));

describe('loan request query (SPEC §3 Loan request, §4, §7)', () => {
  it('lists the requests of the last twelve months with their state and where they are received', async () => {
    const sent = stubCirculationApi({
      'GET /api/solicitacao-emprestimo': () =>
        jsonResponse([
          request({}),
          request({
            cod_solicitacao: 2,
            cod_acervo: 21,
            titulo: 'Terras do sem fim',
            situacao: 'disponivel',
            prazo_retirada: '2031-05-14',
            domicilio: true,
            local_recebimento: 'Entrega em domicílio',
          }),
        ]),
    });
    renderWithProviders(<LoanRequestsScreen />);
    const table = await screen.findByRole('table', { name: 'Solicitações de empréstimo no período' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Grande sertão: veredas',
      'Terras do sem fim',
    ]);
    expect(within(rows[0]!).getByText('Aguardando')).toBeTruthy();
    expect(
      within(rows[0]!).getByText('Biblioteca do Campus Tecnológico — Balcão de empréstimo'),
    ).toBeTruthy();
    expect(within(rows[1]!).getByText('Disponível para retirada')).toBeTruthy();
    expect(within(rows[1]!).getByText('Entrega em domicílio')).toBeTruthy();
    expect(within(rows[1]!).getByText('14/05/2031')).toBeTruthy();
    const initial = lastTwelveMonths();
    expect(sent.map((call) => call.query)).toEqual([{ dataIni: initial.from, dataFim: initial.to }]);
  });

  it('asks again for the days and the state chosen', async () => {
    const sent = stubCirculationApi({
      'GET /api/solicitacao-emprestimo': (call) =>
        jsonResponse(call.query.status === 'em_transito' ? [] : [request({})]),
    });
    renderWithProviders(<LoanRequestsScreen />);
    await screen.findByRole('table');
    const states = screen.getByRole('combobox', { name: 'Situação' });
    expect(
      within(states)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Todas',
      'Aguardando',
      'Em trânsito',
      'Disponível para retirada',
      'Finalizada',
      'Não finalizada (cancelada)',
    ]);
    await userEvent.selectOptions(states, 'Em trânsito');
    const from = screen.getByLabelText('De');
    await userEvent.clear(from);
    await userEvent.type(from, '2020-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText('Nenhuma solicitação no período.')).toBeTruthy();
    await waitFor(() =>
      expect(sent.at(-1)?.query).toEqual({
        dataIni: '2020-01-01',
        dataFim: lastTwelveMonths().to,
        status: 'em_transito',
      }),
    );
  });
});
