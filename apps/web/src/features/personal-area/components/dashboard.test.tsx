import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Dashboard as DashboardData } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import type { PersonalAreaItemKey } from '../../../config/paths';
import { PERSONAL_AREA_MENU } from '../menu-items';
import { Dashboard, dashboardCounts } from './dashboard';
import { PersonalAreaMenu } from './personal-area-menu';

const CENTRAL = { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' };

/** Shaped as GET /pessoas/meu-pergamum/painel answers (contract DashboardSchema). */
function buildDashboard(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    emprestimos: { total: 3, a_vencer: 1, atrasados: 1, dias_aviso: 2 },
    devolucoes: [
      {
        cod_emprestimo: 1,
        cod_acervo: 31,
        titulo: 'Quincas Borba',
        data_devolucao: '2026-03-09',
        atrasado: true,
        dias_atraso: 4,
      },
      {
        cod_emprestimo: 2,
        cod_acervo: 32,
        titulo: 'O Cortiço',
        data_devolucao: '2026-03-15',
        atrasado: false,
        dias_atraso: 0,
      },
    ],
    reservas: { disponiveis: 1, na_fila: 2 },
    reservas_disponiveis: [
      {
        cod_reserva: 5,
        cod_acervo: 33,
        titulo: 'Dom Casmurro',
        biblioteca: CENTRAL,
        prazo_retirada: '2026-03-16',
      },
    ],
    debitos: { quantidade: 1, valor_pendente: 3, multa_em_curso: 6 },
    solicitacoes_abertas: 1,
    alertas_nao_lidos: 2,
    ...overrides,
  };
}

const QUIET = buildDashboard({
  emprestimos: { total: 1, a_vencer: 0, atrasados: 0, dias_aviso: 2 },
  devolucoes: [],
  reservas: { disponiveis: 0, na_fila: 0 },
  reservas_disponiveis: [],
  debitos: { quantidade: 0, valor_pendente: 0, multa_em_curso: 0 },
  solicitacoes_abertas: 0,
  alertas_nao_lidos: 0,
});

const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');
const ALL = new Set<PersonalAreaItemKey>(PERSONAL_AREA_MENU.map((item) => item.key));

function serve(answer: DashboardData) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) =>
        url.pathname === '/api/pessoas/meu-pergamum/painel'
          ? jsonResponse(answer)
          : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404),
      ),
    ),
  );
}

describe('personal-area dashboard (decision 0046)', () => {
  beforeEach(() => {
    setUserCredentials({ token: 'ana-token', refresh: 'r', expiresAt: Date.now() + 600_000 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows what needs the patron now, each with its count and the way to deal with it', async () => {
    serve(buildDashboard());
    renderWithProviders(<Dashboard pathname="/meupergamum" items={ALL} />);
    const loans = await screen.findByRole('region', { name: 'Empréstimos' });
    expect(text(loans)).toContain('3 títulos emprestados');
    expect(text(loans)).toContain('1 em atraso');
    expect(text(loans)).toContain('1 vence nos próximos 2 dias');
    const dueList = within(loans).getByRole('list', { name: 'Empréstimos em atraso ou a vencer' });
    expect(within(dueList).getAllByRole('listitem').map(text)).toEqual([
      'Quincas Borba — venceu em 09/03/2026, 4 dias de atraso',
      'O Cortiço — devolver até 15/03/2026',
    ]);
    expect(within(dueList).getByRole('link', { name: 'Quincas Borba' }).getAttribute('href')).toBe(
      '/acervo/31',
    );
    expect(within(loans).getByRole('link', { name: 'Ver empréstimos' }).getAttribute('href')).toBe(
      '/meupergamum/emprestimos',
    );

    const holds = screen.getByRole('region', { name: 'Reservas' });
    expect(text(holds)).toContain('1 reserva disponível para retirada');
    expect(text(holds)).toContain('Dom Casmurro — retirar na Biblioteca Central até 16/03/2026');
    expect(text(holds)).toContain('2 reservas na fila');

    const debts = screen.getByRole('region', { name: 'Débitos' });
    expect(text(debts)).toContain('1 débito em aberto: R$ 3,00');
    expect(text(debts)).toContain(
      'Multas em curso: R$ 6,00 até hoje (não definitivas: cobradas na devolução).',
    );

    expect(text(screen.getByRole('region', { name: 'Solicitações' }))).toContain(
      '1 solicitação em andamento',
    );
    const alerts = screen.getByRole('region', { name: 'Alertas' });
    expect(text(alerts)).toContain('2 alertas não lidos');
    expect(within(alerts).getByRole('link', { name: 'Ver alertas' }).getAttribute('href')).toBe(
      '/meupergamum/alertas',
    );
  });

  it('links only to the screens the patron may open, and says when nothing needs them', async () => {
    serve(QUIET);
    renderWithProviders(
      <Dashboard pathname="/meupergamum" items={new Set<PersonalAreaItemKey>(['loans'])} />,
    );
    expect(await screen.findByText('Nada pede a sua atenção agora.')).toBeTruthy();
    expect(text(screen.getByRole('region', { name: 'Débitos' }))).toContain('Nenhum débito em aberto.');
    // None is said in words, not as "0 reserva".
    expect(text(screen.getByRole('region', { name: 'Reservas' }))).toContain(
      'Nenhuma reserva disponível para retirada',
    );
    expect(text(screen.getByRole('region', { name: 'Alertas' }))).toContain('Nenhum alerta não lido');
    expect(screen.getByRole('link', { name: 'Ver empréstimos' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ver alertas' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ver débitos' })).toBeNull();
  });
});

describe('personal-area menu counts (decision 0046)', () => {
  it("shows each item's count beside it, in its accessible name, and nothing for zero", () => {
    const counts = dashboardCounts(
      buildDashboard({ debitos: { quantidade: 0, valor_pendente: 0, multa_em_curso: 2 } }),
    );
    expect(counts).toEqual({ loans: 2, holds: 1, debts: 0, loanRequests: 1, alerts: 2 });
    renderWithProviders(<PersonalAreaMenu items={PERSONAL_AREA_MENU} counts={counts} />);
    expect(screen.getByRole('link', { name: 'Empréstimos, 2 pedem atenção' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reservas, 1 pede atenção' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Débitos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renovação' })).toBeTruthy();
  });
});
