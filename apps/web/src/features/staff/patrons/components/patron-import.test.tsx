import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffPatronImport } from '@estante/contract';
import { setUserCredentials } from '../../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../../testing/render';
import { PatronImport } from './patron-import';

const REPORT: StaffPatronImport = {
  lidas: 3,
  incluidas: 1,
  sem_senha: 1,
  recusadas: [
    { linha: 3, motivo: 'unknown category "99"' },
    { linha: 4, motivo: 'login "ana" already exists' },
  ],
};

describe('the patrons import', () => {
  let sent: unknown[];
  beforeEach(() => {
    sent = [];
    setUserCredentials({ token: 'staff-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchWith((url, init) => {
          if (url.pathname === '/api/equipe/leitores/importacao' && init?.method === 'POST') {
            sent.push(JSON.parse(String(init.body)));
            return jsonResponse(REPORT);
          }
          return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
        }),
      ),
    );
  });
  afterEach(() => setUserCredentials(null));

  it('asks for a file, sends its text and shows each refused line with its reason', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PatronImport />);
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('O campo Arquivo CSV é obrigatório.');
    expect(sent).toEqual([]);

    const csv = 'login,name,category\ngal.costa,Gal Costa,01\ntom.ze,Tom Zé,99\nana,Outra,01\n';
    await user.upload(
      screen.getByLabelText('Arquivo CSV'),
      new File([csv], 'leitores.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(sent).toEqual([{ csv }]));
    await screen.findByText('Linhas lidas: 3. Leitores incluídos: 1 (1 sem senha). Linhas recusadas: 2.');
    const table = screen.getByRole('table', { name: 'Linhas recusadas' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '3unknown category "99"',
      '4login "ana" already exists',
    ]);
  });
});
