import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingTitle } from '@estante/contract';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../../identity/api/sign-in';
import { clearSession } from '../../identity/utils/session';
import { LoansScreen } from './loans-screen';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

function buildLoan(overrides: Partial<PendingTitle>): PendingTitle {
  return {
    cod_emprestimo: 1,
    cod_acervo: 10,
    titulo: 'Dom Casmurro',
    autor: 'Machado de Assis',
    data_emprestimo: '2026-03-02T18:00:00.000Z',
    data_devolucao: '2026-03-16',
    renovacoes: 0,
    limite_renovacoes: 2,
    atrasado: false,
    dias_atraso: 0,
    situacao: 'emprestado',
    pode_renovar: true,
    motivo: null,
    multa_em_curso: null,
    detalhes: {
      cod_exemplar: 100,
      numero_exemplar: 'BC-0001',
      biblioteca: { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
      localizacao: 'Estante 3',
      numero_chamada: '869.3 A848d',
      tipo_emprestimo: 'Normal',
      volume: null,
      multa_prevista: 0,
      reservas_em_espera: 0,
      fim_quarentena: null,
    },
    ...overrides,
  };
}

const LATE_REASON = { codigo: 'RENEW_LATE', mensagem: 'circulation.errors.renewLate' };

/** Three loans: one on time, one late (3 days, R$ 3.00 so far), one with holds waiting. */
const LOANS = [
  buildLoan({}),
  buildLoan({
    cod_emprestimo: 2,
    cod_acervo: 11,
    titulo: 'Memórias póstumas de Brás Cubas',
    data_devolucao: '2026-03-10',
    atrasado: true,
    dias_atraso: 3,
    situacao: 'atrasado',
    pode_renovar: false,
    motivo: LATE_REASON,
    multa_em_curso: { valor: 3, valor_por_dia: 1, valor_maximo: null, dias_atraso: 3, provisoria: true },
    detalhes: { ...buildLoan({}).detalhes!, numero_exemplar: 'BC-0002', multa_prevista: 3 },
  }),
  buildLoan({
    cod_emprestimo: 3,
    cod_acervo: 12,
    titulo: 'Quincas Borba',
    renovacoes: 1,
    situacao: 'reservado',
  }),
];

/** Ana signed in; the loans call answers LOANS and the renewal renews 1 and refuses 2 as late. */
async function renderLoans() {
  stubIdentityApi();
  const identity = globalThis.fetch;
  const renewals: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/emprestimo/titulos-pendentes') {
        expect(url.searchParams.get('showDetails')).toBe('S');
        return jsonResponse(LOANS);
      }
      if (url.pathname === '/api/emprestimo/renovacao' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { emprestimos: number[] };
        renewals.push(body);
        return jsonResponse({
          resultados: body.emprestimos.map((id) =>
            id === 2
              ? {
                  cod_emprestimo: 2,
                  renovado: false,
                  data_devolucao: null,
                  renovacoes: null,
                  motivo: LATE_REASON,
                }
              : {
                  cod_emprestimo: id,
                  renovado: true,
                  data_devolucao: '2026-03-23',
                  renovacoes: 1,
                  motivo: null,
                },
          ),
        });
      }
      return identity(input, init);
    }),
  );
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<LoansScreen />);
  await screen.findByRole('heading', { level: 2, name: 'Títulos emprestados' });
  return { renewals, user: userEvent.setup() };
}

afterEach(async () => {
  await clearSession();
});

/** The text of an element with its no-break spaces as plain ones, as a reader sees it. */
const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

const card = (title: string) => screen.getByRole('article', { name: title });

describe('LoansScreen', () => {
  it('shows each loan with its return date, renewals, state and the late flag in words', async () => {
    await renderLoans();
    const late = card('Memórias póstumas de Brás Cubas');
    expect(within(late).getByText('10/03/2026')).toBeTruthy();
    expect(within(late).getByText('Atrasado')).toBeTruthy();
    expect(within(late).getByText('Em atraso há 3 dias')).toBeTruthy();
    expect(
      within(late).getByText('Não pode ser renovado agora. Empréstimo em atraso: não pode ser renovado.'),
    ).toBeTruthy();
    // Details: the copy.
    expect(within(late).getByText('BC-0002')).toBeTruthy();

    const onTime = card('Dom Casmurro');
    expect(within(onTime).getByText('16/03/2026')).toBeTruthy();
    expect(within(onTime).getByText('0 de 2')).toBeTruthy();
    expect(within(onTime).getByText('Emprestado')).toBeTruthy();
    expect(within(onTime).queryByText(/Em atraso/)).toBeNull();
    expect(within(card('Quincas Borba')).getByText('Emprestado, com reservas')).toBeTruthy();
    expect(within(card('Quincas Borba')).getByText('1 de 2')).toBeTruthy();
  });

  it('shows the fine a late loan is running up, marked not final, with what each day adds', async () => {
    await renderLoans();
    const fine = within(card('Memórias póstumas de Brás Cubas')).getByText(
      'Multa até hoje',
    ).nextElementSibling!;
    expect(text(fine)).toBe('R$ 3,00 provisóriaR$ 1,00 por dia de atraso');
    for (const title of ['Dom Casmurro', 'Quincas Borba']) {
      expect(within(card(title)).queryByText('Multa até hoje')).toBeNull();
    }
  });

  it('refuses to renew when nothing is selected, without calling the server', async () => {
    const { renewals, user } = await renderLoans();
    await user.click(screen.getByRole('button', { name: 'Renovar selecionados (0)' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Selecione ao menos um item para renovar.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(renewals).toEqual([]);
    // Selecting a loan clears the message.
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar para renovar: Dom Casmurro' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks first; closing the dialog counts as cancel', async () => {
    const { renewals, user } = await renderLoans();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar para renovar: Dom Casmurro' }));
    await user.click(screen.getByRole('button', { name: 'Renovar selecionados (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(within(dialog).getByText('Renovar o título abaixo?')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(renewals).toEqual([]);
    // Still selected, for another try.
    expect(
      (screen.getByRole('checkbox', { name: 'Selecionar para renovar: Dom Casmurro' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('renews the selected loans after confirmation and shows each result: the new date, or the reason', async () => {
    const { renewals, user } = await renderLoans();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar para renovar: Dom Casmurro' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Selecionar para renovar: Memórias póstumas de Brás Cubas' }),
    );
    await user.click(screen.getByRole('button', { name: 'Renovar selecionados (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(within(dialog).getByText('Renovar os 2 títulos abaixo?')).toBeTruthy();
    expect(within(dialog).getByText('Memórias póstumas de Brás Cubas')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Renovar' }));

    const results = await screen.findByRole('region', { name: 'Resultado da renovação' });
    expect(renewals).toEqual([{ emprestimos: [1, 2] }]);
    const lines = within(results)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Dom Casmurro: renovado. Nova data de devolução: 23/03/2026.',
      'Memórias póstumas de Brás Cubas: não renovado. Empréstimo em atraso: não pode ser renovado.',
    ]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(results).getByRole('heading', { name: 'Resultado da renovação' }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Renovar selecionados (0)' })).toBeTruthy();
  });

  it('selects every loan at once', async () => {
    const { user } = await renderLoans();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todos para renovar' }));
    expect(screen.getByRole('button', { name: 'Renovar selecionados (3)' })).toBeTruthy();
  });
});
