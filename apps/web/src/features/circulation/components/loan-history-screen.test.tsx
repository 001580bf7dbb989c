import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanHistoryEntry } from '@estante/contract';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../../identity/api/sign-in';
import { clearSession } from '../../identity/utils/session';
import { LoanHistoryScreen } from './loan-history-screen';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const RETURNED_LATE: LoanHistoryEntry = {
  cod_emprestimo: 7,
  cod_acervo: 20,
  titulo: 'Iracema',
  autor: 'José de Alencar',
  biblioteca: { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
  numero_exemplar: 'BC-0020',
  data_emprestimo: '2026-03-02T18:00:00.000Z',
  data_prevista: '2026-03-09',
  data_devolucao: '2026-03-13T18:00:00.000Z',
  renovacoes: 0,
  dias_atraso: 4,
  multa: 4,
  situacao: 'devolvido',
};

/** Ana signed in; the history answers one fined loan to every search, and keeps each search's query. */
async function renderHistory() {
  stubIdentityApi();
  const identity = globalThis.fetch;
  const searches: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/emprestimo/historico') {
        searches.push(url.searchParams);
        return jsonResponse([RETURNED_LATE]);
      }
      return identity(input, init);
    }),
  );
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<LoanHistoryScreen />);
  return { searches, user: userEvent.setup() };
}

const startField = () => screen.getByLabelText(/^De/) as HTMLInputElement;
const endField = () => screen.getByLabelText(/^Até/) as HTMLInputElement;

beforeEach(() => {
  // Only the date is fixed: 31 March, so "one month back" has to stop at 28 February.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 31, 10, 0));
});

afterEach(async () => {
  vi.useRealTimers();
  await clearSession();
});

describe('LoanHistoryScreen', () => {
  it('opens on the last month (SPEC §9 checking-titles window) and lists the loans with days late and fine', async () => {
    const { searches } = await renderHistory();
    const region = await screen.findByRole('region', { name: 'Empréstimos de 28/02/2026 a 31/03/2026' });
    expect(startField().value).toBe('2026-02-28');
    expect(endField().value).toBe('2026-03-31');
    expect(searches.map((query) => query.toString())).toEqual(['dataIni=2026-02-28&dataFim=2026-03-31']);
    const row = await within(region).findByRole('row', { name: /Iracema/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ')),
    ).toEqual([
      'Biblioteca Central',
      '02/03/2026',
      '09/03/2026',
      '13/03/2026',
      '0',
      '4',
      'R$ 4,00',
      'Devolvido',
    ]);
  });

  it('refuses a start after the end in place, keeping what was typed, and asks nothing of the server', async () => {
    const { searches, user } = await renderHistory();
    await screen.findByRole('region', { name: /^Empréstimos de/ });
    fireEvent.change(startField(), { target: { value: '2026-03-20' } });
    fireEvent.change(endField(), { target: { value: '2026-03-10' } });
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByText('A data inicial não pode ser posterior à data final.')).toBeTruthy();
    expect(startField().getAttribute('aria-invalid')).toBe('true');
    expect(startField().value).toBe('2026-03-20');
    expect(endField().value).toBe('2026-03-10');
    expect(searches).toHaveLength(1);
    // The last results stay, under their own heading.
    expect(screen.getByRole('region', { name: 'Empréstimos de 28/02/2026 a 31/03/2026' })).toBeTruthy();
  });

  it('searches the range typed, only fined loans when asked', async () => {
    const { searches, user } = await renderHistory();
    await screen.findByRole('region', { name: /^Empréstimos de/ });
    fireEvent.change(startField(), { target: { value: '2026-01-01' } });
    await user.click(screen.getByRole('checkbox', { name: 'Somente empréstimos com multa' }));
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    const region = await screen.findByRole('region', { name: 'Empréstimos de 01/01/2026 a 31/03/2026' });
    expect(within(region).getByText('Somente os empréstimos com multa.')).toBeTruthy();
    expect(searches.at(-1)?.toString()).toBe('dataIni=2026-01-01&dataFim=2026-03-31&multa=S');
    expect(screen.queryByText('A data inicial não pode ser posterior à data final.')).toBeNull();
  });

  it('leaves an emptied end to the server, and says only fined loans are listed', async () => {
    const { searches, user } = await renderHistory();
    await screen.findByRole('region', { name: /^Empréstimos de/ });
    fireEvent.change(endField(), { target: { value: '' } });
    await user.click(screen.getByRole('checkbox', { name: 'Somente empréstimos com multa' }));
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    const region = await screen.findByRole('region', { name: 'Empréstimos do período escolhido' });
    expect(within(region).getByText('Somente os empréstimos com multa.')).toBeTruthy();
    expect(searches.at(-1)?.toString()).toBe('dataIni=2026-02-28&multa=S');
  });
});
