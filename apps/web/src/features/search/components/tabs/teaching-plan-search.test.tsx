import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course, TeachingPlanBibliography, TeachingPlanChoices } from '@estante/contract';
import { i18n } from '../../../../lib/i18n';
import { buildHit } from '../../../../testing/factories';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../../testing/render';
import { TeachingPlanSearch } from './teaching-plan-search';

const COURSES: Course[] = [
  { codigo: 3, sigla: 'DIR', descricao: 'Direito', cod_campus: 1 },
  { codigo: 6, sigla: 'CC', descricao: 'Ciência da Computação', cod_campus: 2 },
];
const CHOICES: TeachingPlanChoices = {
  disciplinas: [
    { codigo: 5, sigla: 'DIR100', descricao: 'Introdução ao Estudo do Direito', cursos: [3] },
    { codigo: 6, sigla: 'DIR210', descricao: 'Direito Constitucional', cursos: [3] },
    { codigo: 9, sigla: 'CC101', descricao: 'Algoritmos e Estruturas de Dados', cursos: [6] },
  ],
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico', cod_campus: 2 },
  ],
  anos: [2026, 2025],
};
const PLANS: TeachingPlanBibliography = {
  total: 1,
  biblioteca: { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  data: [
    {
      codigo: 40,
      curso: COURSES[0]!,
      disciplina: { codigo: 6, sigla: 'DIR210', descricao: 'Direito Constitucional' },
      professor: 'Ricardo Nogueira Brandão',
      ano: 2026,
      semestre: 2,
      periodo: 3,
      vagas: 60,
      basica: [
        {
          ...buildHit({
            cod_acervo: 394,
            titulo: 'Constituição da República Federativa do Brasil',
            autor: 'Brasil',
            ano_publicacao: 1988,
            exemplares_disponiveis: 1,
            exemplares_total: 2,
          }),
          exemplares_circulantes: 2,
          exemplares_por_vaga: 0.03,
        },
      ],
      complementar: [],
    },
  ],
};

/** Answers the course lookup, the plan choices and the plans; records the plan searches. */
function stubApi() {
  const searches: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        if (url.pathname === '/api/consulta/cursos') {
          const text = (url.searchParams.get('search_text') ?? '').toLowerCase();
          const data = COURSES.filter((c) => c.descricao.toLowerCase().includes(text));
          return jsonResponse({ data, page: 1, pageSize: 20, total: data.length });
        }
        if (url.pathname === '/api/acervo/meu-pergamum/plano-ensino/disciplinas-bibliotecas')
          return jsonResponse(CHOICES);
        if (url.pathname === '/api/acervo/meu-pergamum/plano-ensino/bibliografia') {
          searches.push(url.searchParams);
          return jsonResponse(PLANS);
        }
        return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return searches;
}

afterEach(() => vi.unstubAllGlobals());

describe('TeachingPlanSearch', { timeout: 20_000 }, () => {
  it('asks for at least one field before searching (SPEC §5), the library alone not being one', async () => {
    const searches = stubApi();
    renderWithProviders(<TeachingPlanSearch />);
    await screen.findByRole('option', { name: 'Biblioteca Central' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Disponibilidade na biblioteca' }),
      'Biblioteca Central',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buscar planos' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Preencha pelo menos um campo para pesquisar planos de ensino.',
    );
    expect(searches).toHaveLength(0);
    // The message goes once a field is chosen.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ano' }), '2026');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives the SPEC §5 message in English and Spanish', async () => {
    stubApi();
    await i18n.changeLanguage('en');
    const { unmount } = renderWithProviders(<TeachingPlanSearch />);
    await userEvent.click(screen.getByRole('button', { name: 'Find plans' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Fill in at least one field to search teaching plans.',
    );
    unmount();
    await i18n.changeLanguage('es');
    renderWithProviders(<TeachingPlanSearch />);
    await userEvent.click(screen.getByRole('button', { name: 'Buscar planes' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Complete al menos un campo para buscar planes de enseñanza.',
    );
  });

  it('finds a course by typing, offers only its disciplines, and searches with the keyboard alone', async () => {
    const searches = stubApi();
    renderWithProviders(<TeachingPlanSearch />);
    expect(screen.getByRole('form', { name: 'Plano de ensino' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Algoritmos e Estruturas de Dados (CC101)' });

    await userEvent.tab();
    const course = screen.getByRole('combobox', { name: 'Curso' });
    expect(document.activeElement).toBe(course);
    await userEvent.keyboard('Dire');
    await screen.findByRole('option', { name: 'Direito (DIR)' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect((course as HTMLInputElement).value).toBe('Direito (DIR)'));

    const discipline = screen.getByRole('combobox', { name: 'Disciplina' });
    expect(
      within(discipline)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Qualquer', 'Introdução ao Estudo do Direito (DIR100)', 'Direito Constitucional (DIR210)']);
    await userEvent.selectOptions(discipline, 'Direito Constitucional (DIR210)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Semestre' }), '2º semestre');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Disponibilidade na biblioteca' }),
      'Biblioteca Central',
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Buscar planos' }));
    await userEvent.keyboard('{Enter}');

    await screen.findByRole('heading', { name: 'Direito Constitucional (DIR210) — Direito' });
    expect(Object.fromEntries(searches[0]!)).toEqual({
      departamento: '3',
      disciplina: '6',
      semestre: '2',
      biblioteca: '1',
    });
  });

  it('shows each plan with its basic and complementary bibliography, linked to the titles, with availability', async () => {
    stubApi();
    renderWithProviders(<TeachingPlanSearch initialQuery={{ departamento: 3 }} />);
    const plan = (
      await screen.findByRole('heading', { name: 'Direito Constitucional (DIR210) — Direito' })
    ).closest('article')!;
    expect(screen.getByText('1 plano de ensino')).toBeTruthy();
    expect(within(plan).getByText('2026, 2º semestre')).toBeTruthy();
    expect(within(plan).getByText('Ricardo Nogueira Brandão')).toBeTruthy();
    expect(within(plan).getByRole('heading', { name: 'Bibliografia básica' })).toBeTruthy();
    const link = within(plan).getByRole('link', { name: 'Constituição da República Federativa do Brasil' });
    expect(link.getAttribute('href')).toBe('/acervo/394');
    expect(within(plan).getByText('1 de 2 exemplares disponíveis')).toBeTruthy();
    expect(within(plan).getByRole('heading', { name: 'Bibliografia complementar' })).toBeTruthy();
    expect(within(plan).getByText('Nenhum título nesta lista.')).toBeTruthy();
  });
});
