import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_CONFIGURATION_ELEMENT_ID, type CampusOpeningHours } from '@estante/contract';
import { STORAGE_KEYS } from '../../../config/env';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { chooseLanguage } from '../../chrome/utils/choose-language';
import { FaqList } from './faq-list';
import { GeneralInformation } from './general-information';
import { HomeSections } from './home-sections';
import { OpeningHours } from './opening-hours';
import { SearchTour } from './search-tour';

declare global {
  interface Window {
    __pagePwned?: boolean;
  }
}

afterEach(() => {
  delete window.__pagePwned;
});

const week = (intervals: Record<number, [string, string][]>) =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    dia_semana: day,
    intervalos: (intervals[day] ?? []).map(([abertura, fechamento]) => ({ abertura, fechamento })),
  }));

const HOURS: CampusOpeningHours[] = [
  {
    cod_campus: 1,
    nome_campus: 'Campus Centro',
    bibliotecas: [
      {
        cod_biblioteca: 10,
        desc_biblioteca: 'Biblioteca Central',
        dias: week({
          1: [['07:30', '22:00']],
          6: [
            ['08:00', '12:00'],
            ['13:00', '17:00'],
          ],
        }),
      },
    ],
  },
];

describe('opening hours (SPEC §7 /parametros/atendimento)', () => {
  it('shows each library Monday to Sunday, with closed days and split days', () => {
    renderWithProviders(<OpeningHours campuses={HOURS} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Campus Centro' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Horários de Biblioteca Central' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['segunda-feira', '07:30 às 22:00'],
      ['terça-feira', 'Fechado'],
      ['quarta-feira', 'Fechado'],
      ['quinta-feira', 'Fechado'],
      ['sexta-feira', 'Fechado'],
      ['sábado', '08:00 às 12:00; 13:00 às 17:00'],
      ['domingo', 'Fechado'],
    ]);
  });
});

describe('FAQ and general information', () => {
  it('opens an answer from its question, with the keyboard too', async () => {
    renderWithProviders(
      <FaqList entries={[{ codigo: 1, pergunta: 'Como renovo?', resposta: '<p>Pelo Meu Pergamum.</p>' }]} />,
    );
    const question = screen.getByRole('button', { name: 'Como renovo?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    question.focus();
    await userEvent.keyboard('{Enter}');
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Pelo Meu Pergamum.')).toBeTruthy();
  });

  it('says when the library has written no FAQ', () => {
    renderWithProviders(<FaqList entries={[]} />);
    expect(screen.getByText('A biblioteca ainda não publicou perguntas frequentes.')).toBeTruthy();
  });

  it('shows the institution HTML sanitised: no script, no event handler', async () => {
    renderWithProviders(
      <GeneralInformation
        page={{
          titulo: 'Informações gerais',
          conteudo:
            '<h2>Cadastro</h2><p>Traga um documento.</p><script>window.__pagePwned = true</script>' +
            '<img src="x" onerror="window.__pagePwned = true">',
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Informações gerais' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Cadastro' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.__pagePwned).toBeUndefined();
  });
});

describe('home sections (SPEC §7 /parametros/secao_1, secao_2)', () => {
  it('shows the sections the institution wrote and leaves out an empty one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchWith((url) =>
          url.pathname.endsWith('/secao_1')
            ? jsonResponse({ titulo: 'Bem-vindo', conteudo: '<p>Três bibliotecas.</p>' })
            : jsonResponse({ titulo: null, conteudo: null }),
        ),
      ),
    );
    renderWithProviders(<HomeSections />);
    const section = await screen.findByRole('region', { name: 'Bem-vindo' });
    expect(section.textContent).toContain('Três bibliotecas.');
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  describe('written into the page by the server (decision 0077)', () => {
    /** The page's configuration block with these home sections, in `language` (the rest is not read here). */
    const writeIntoPage = (language: string, homeSections: unknown) => {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = PAGE_CONFIGURATION_ELEMENT_ID;
      element.textContent = JSON.stringify({
        language,
        token: { access_token: 'page-token', expires_in: 3600 },
        institution: {},
        functionalities: [],
        searchTabs: [],
        selfService: {},
        homeSections,
        defaultImage: { url: '/api/consulta/imagem-padrao/capa.svg' },
      });
      document.head.append(element);
    };
    afterEach(() => document.getElementById(PAGE_CONFIGURATION_ELEMENT_ID)?.remove());
    const calledPaths = (fetchStub: ReturnType<typeof vi.fn>) =>
      fetchStub.mock.calls.map(([input]) => new URL(String(input)).pathname).sort();

    it('shows them without a call, their HTML sanitised as a call answer is', async () => {
      writeIntoPage('pt', {
        secao_1: {
          titulo: 'Bem-vindo',
          conteudo: '<p>Três bibliotecas.</p><img src="x" onerror="window.__pagePwned = true">',
        },
        secao_2: { titulo: 'Serviços', conteudo: '<ul><li>Empréstimo</li></ul>' },
      });
      const fetchStub = vi.fn(fetchWith(() => jsonResponse({ titulo: null, conteudo: null })));
      vi.stubGlobal('fetch', fetchStub);
      renderWithProviders(<HomeSections />);
      const section = await screen.findByRole('region', { name: 'Bem-vindo' });
      expect(section.textContent).toContain('Três bibliotecas.');
      expect(screen.getByRole('region', { name: 'Serviços' }).textContent).toContain('Empréstimo');
      expect(document.querySelector('[onerror]')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(window.__pagePwned).toBeUndefined();
      expect(calledPaths(fetchStub)).toEqual([]);
    });

    it('asks for them when the page was written in another language', async () => {
      writeIntoPage('en', {
        secao_1: { titulo: 'Welcome', conteudo: '<p>Three libraries.</p>' },
        secao_2: { titulo: null, conteudo: null },
      });
      const fetchStub = vi.fn(
        fetchWith((url) =>
          url.pathname.endsWith('/secao_1')
            ? jsonResponse({ titulo: 'Bem-vindo', conteudo: '<p>Três bibliotecas.</p>' })
            : jsonResponse({ titulo: null, conteudo: null }),
        ),
      );
      vi.stubGlobal('fetch', fetchStub);
      renderWithProviders(<HomeSections />);
      expect(await screen.findByRole('region', { name: 'Bem-vindo' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Welcome' })).toBeNull();
      expect(calledPaths(fetchStub)).toEqual(['/api/parametros/secao_1', '/api/parametros/secao_2']);
    });

    it('asks for a section the page carries in a shape its call would not answer', async () => {
      writeIntoPage('pt', {
        secao_1: { titulo: 'Bem-vindo', conteudo: 42 },
        secao_2: { titulo: null, conteudo: null },
      });
      const fetchStub = vi.fn(
        fetchWith(() => jsonResponse({ titulo: 'Bem-vindo', conteudo: '<p>Três bibliotecas.</p>' })),
      );
      vi.stubGlobal('fetch', fetchStub);
      renderWithProviders(<HomeSections />);
      const section = await screen.findByRole('region', { name: 'Bem-vindo' });
      expect(section.textContent).toContain('Três bibliotecas.');
      expect(calledPaths(fetchStub)).toEqual(['/api/parametros/secao_1']);
    });
  });
});

describe('search guides (a guided tour of the search page)', () => {
  it('walks the tips forward and back and hides itself for the visit when done', async () => {
    renderWithProviders(<SearchTour />);
    const tour = screen.getByRole('region', { name: 'Guia da pesquisa' });
    expect(tour.textContent).toContain('Dica 1 de 5');
    expect(within(tour).getByRole('button', { name: 'Voltar' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(tour).getByRole('button', { name: 'Avançar' }));
    expect(tour.textContent).toContain('Dica 2 de 5');
    expect(document.activeElement?.textContent).toContain('Tipo de pesquisa');
    await userEvent.click(within(tour).getByRole('button', { name: 'Voltar' }));
    expect(tour.textContent).toContain('Dica 1 de 5');
    for (let i = 0; i < 4; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Avançar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('region', { name: 'Guia da pesquisa' })).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.searchTourDone)).toBe('done');
  });

  it('can be turned off for good, and back on', async () => {
    const { unmount } = renderWithProviders(<SearchTour />);
    const turnOff = screen.getByRole('button', { name: 'Desativar os guias' });
    // The confirm dialog asks first; keeping the guides changes nothing.
    await userEvent.click(turnOff);
    let dialog = await screen.findByRole('dialog', { name: 'Confirmação' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Manter os guias' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('region', { name: 'Guia da pesquisa' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.searchTour)).toBeNull();
    await userEvent.click(turnOff);
    dialog = await screen.findByRole('dialog', { name: 'Confirmação' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar os guias' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Guia da pesquisa' })).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.searchTour)).toBe('off');
    unmount();
    // A later visit: still off, with a way to turn it back on.
    renderWithProviders(<SearchTour />);
    expect(screen.queryByRole('region', { name: 'Guia da pesquisa' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar o guia da pesquisa' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Guia da pesquisa' })).toBeTruthy());
    expect(localStorage.getItem(STORAGE_KEYS.searchTour)).toBeNull();
  });

  it('stays off after the patron chooses a language', () => {
    chooseLanguage('es', {
      local: localStorage,
      session: sessionStorage,
      location: { href: 'http://biblioteca.example/' },
      reload: () => {},
    });
    renderWithProviders(<SearchTour />);
    expect(screen.queryByRole('region', { name: 'Guia da pesquisa' })).toBeNull();
  });
});
