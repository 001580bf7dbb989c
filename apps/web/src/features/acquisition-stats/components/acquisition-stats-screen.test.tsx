import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AcquisitionStats } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { AcquisitionStatsScreen } from './acquisition-stats-screen';

const STATS: AcquisitionStats = {
  dataIni: null,
  dataFim: null,
  biblioteca: null,
  total: { titulos: 1180, exemplares: 2345 },
  por_periodo: [
    { periodo: '2031-03', titulos: 400, exemplares: 1000 },
    { periodo: '2031-04', titulos: 780, exemplares: 1345 },
  ],
  por_biblioteca: [
    { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Central', titulos: 1180, exemplares: 2345 },
  ],
  por_area: [{ cod_area_conhecimento: null, desc_area_conhecimento: null, titulos: 1180, exemplares: 2345 }],
  por_modo: [
    { modo: 'compra', titulos: 1000, exemplares: 2000 },
    { modo: null, titulos: 180, exemplares: 345 },
  ],
  bibliotecas: [
    { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca de Ciências da Saúde' },
  ],
};

/** Stands in for the API (fetch stubbed, everything else real); records the query of every call. */
function stubApi(): Record<string, string>[] {
  const sent: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        const query = Object.fromEntries(url.searchParams);
        sent.push(query);
        if (query['formato'] === 'csv') {
          return new Response('Agrupamento,Valor,Títulos,Exemplares\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="estatisticas-aquisicao.csv"',
            },
          });
        }
        return jsonResponse(STATS);
      }),
    ),
  );
  return sent;
}

beforeEach(() =>
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 }),
);
afterEach(async () => {
  setUserCredentials(null);
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('pt'));
});

describe('acquisition statistics screen (SPEC §7 GET /aquisicao/estatisticas)', () => {
  it('opens on the last twelve months and writes the figures and months in the reader’s language', async () => {
    const sent = stubApi();
    renderWithProviders(<AcquisitionStatsScreen />);
    expect((await screen.findByText(/^Títulos:/)).textContent).toBe('Títulos: 1.180 · Exemplares: 2.345');
    const months = screen.getByRole('table', { name: 'Mês' });
    expect(within(months).getByRole('rowheader', { name: 'março de 2031' })).toBeTruthy();
    expect(
      within(months)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['400', '1.000', '780', '1.345']);
    const modes = screen.getByRole('table', { name: 'Modo de aquisição' });
    expect(
      within(modes)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Compra', 'Modo não informado']);
    const [first] = sent;
    const year = Number(first!['dataFim']!.slice(0, 4));
    expect(first!['dataIni']).toBe(`${year - 1}${first!['dataFim']!.slice(4)}`);
    expect(first!['biblioteca']).toBeUndefined();

    await act(() => i18n.changeLanguage('en'));
    expect((await screen.findByText(/^Titles:/)).textContent).toBe('Titles: 1,180 · Copies: 2,345');
    expect(screen.getByRole('rowheader', { name: 'Purchase' })).toBeTruthy();
  }, 30_000);

  it('asks for the library chosen, refuses a start after the end without asking, and downloads the CSV', async () => {
    const sent = stubApi();
    const saved: { name: string; blob: Blob }[] = [];
    let created: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created = blob;
          return 'blob:acquisition-stats';
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (created) saved.push({ name: this.download, blob: created });
    });
    renderWithProviders(<AcquisitionStatsScreen />);
    await screen.findByText(/^Títulos:/);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Biblioteca' }),
      'Biblioteca de Ciências da Saúde',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(sent.at(-1)!['biblioteca']).toBe('3'));

    const asked = sent.length;
    const from = screen.getByLabelText('Adquiridos de');
    await userEvent.clear(from);
    await userEvent.type(from, '2031-05-10');
    const to = screen.getByLabelText('Adquiridos até');
    await userEvent.clear(to);
    await userEvent.type(to, '2031-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A data inicial não pode ser posterior à data final.',
    );
    expect(sent.length).toBe(asked);

    await userEvent.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('estatisticas-aquisicao.csv');
    expect(await saved[0]!.blob.text()).toContain('Agrupamento,Valor');
    expect(sent.at(-1)).toMatchObject({ formato: 'csv', biblioteca: '3' });
  }, 30_000);
});
