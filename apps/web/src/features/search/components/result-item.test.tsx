import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SearchHit } from '@estante/contract';
import { buildHit } from '../../../testing/factories';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { useResultLineExtras } from '../hooks/use-result-line-extras';
import { ResultItem } from './result-item';

/** A result page as the list renders it: the page's extras fetched once, each line given its share. */
function Page({ hits }: { hits: SearchHit[] }) {
  const extras = useResultLineExtras(hits.map((hit) => hit.cod_acervo));
  return (
    <ol>
      {hits.map((hit) => (
        <li key={hit.cod_acervo}>
          <ResultItem hit={hit} extras={extras.get(hit.cod_acervo)} />
        </li>
      ))}
    </ol>
  );
}

const TAOS = buildHit({ cod_acervo: 1, titulo: '2012 Enchanted Circle : tourist map', autor: null });
const THANGKA = buildHit({ cod_acervo: 2, titulo: 'Srid pa ho', autor: null });
const CHRISTMAS = buildHit({
  cod_acervo: 3,
  titulo: 'A boy called Christmas',
  link_capa: 'https://covers.example.org/christmas.jpg',
});

describe('the extras of result lines', () => {
  it('asks for the extras of the whole page in one request per call, and images only where a line has one', async () => {
    const asked: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchWith((url) => {
          asked.push(url);
          if (url.pathname === '/api/consulta/titulos-adicionais')
            return jsonResponse([
              {
                cod_acervo: 1,
                titulos: [
                  { tipo: 'uniforme', titulo: 'Taos news', rotulo: null, idioma: null },
                  {
                    tipo: 'variante',
                    titulo: 'Taos, New Mexico',
                    rotulo: 'Title within map border',
                    idioma: null,
                  },
                ],
              },
              { cod_acervo: 2, titulos: [] },
              { cod_acervo: 3, titulos: [] },
            ]);
          if (url.pathname === '/api/vinculos/links-resultado')
            return jsonResponse([
              { cod_acervo: 1, links: [], imagens: 0, capa_isbn: null, disponivel_em: [] },
              {
                cod_acervo: 2,
                links: [{ seq_paragrafo: 1, url: 'http://hdl.loc.gov/loc.wdl/wdl.3167', descricao: null }],
                imagens: 1,
                capa_isbn: null,
                disponivel_em: [],
              },
              { cod_acervo: 3, links: [], imagens: 1, capa_isbn: null, disponivel_em: [] },
            ]);
          if (url.pathname === '/api/vinculos/imagem')
            return jsonResponse([
              { url: 'https://img.example.org/thangka.jpg', descricao: null, capa: false },
            ]);
          return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
        }),
      ),
    );
    const { container } = renderWithProviders(<Page hits={[TAOS, THANGKA, CHRISTMAS]} />);

    const taos = screen.getByRole('heading', { name: TAOS.titulo }).closest('article')!;
    expect(await within(taos).findByText('Taos news')).toBeTruthy();
    expect(within(taos).getByText('Título uniforme')).toBeTruthy();
    expect(within(taos).getByText('Variante do título')).toBeTruthy();
    expect(within(taos).getByText('Title within map border: Taos, New Mexico')).toBeTruthy();

    const thangka = screen.getByRole('heading', { name: THANGKA.titulo }).closest('article')!;
    const link = await within(thangka).findByRole('link', { name: /hdl\.loc\.gov/ });
    expect(link.getAttribute('href')).toBe('http://hdl.loc.gov/loc.wdl/wdl.3167');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(thangka).getByText('Acesso online')).toBeTruthy();

    // The thangka has no cover link but one image: it is fetched for that line only. The Christmas
    // book shows its own cover link without a request.
    await waitFor(() =>
      expect(thangka.querySelector('img')?.getAttribute('src')).toBe('https://img.example.org/thangka.jpg'),
    );
    const christmas = screen.getByRole('heading', { name: CHRISTMAS.titulo }).closest('article')!;
    expect(christmas.querySelector('img')?.getAttribute('src')).toBe(
      'https://covers.example.org/christmas.jpg',
    );
    // Without an image the line shows a cover drawn from its title, in the same box.
    expect(taos.querySelector('img')).toBeNull();
    expect(taos.querySelector('[data-cover="generated"]')?.textContent).toBe(TAOS.titulo);
    expect(container.querySelectorAll('img')).toHaveLength(2);

    const byPath = (path: string) => asked.filter((url) => url.pathname === path);
    expect(byPath('/api/consulta/titulos-adicionais').map((url) => url.searchParams.get('acervos'))).toEqual([
      '1,2,3',
    ]);
    expect(byPath('/api/vinculos/links-resultado').map((url) => url.searchParams.get('acervos'))).toEqual([
      '1,2,3',
    ]);
    expect(
      byPath('/api/vinculos/imagem').map((url) => [
        url.searchParams.get('cod_acervo'),
        url.searchParams.get('limite'),
      ]),
    ).toEqual([['2', '1']]);
  });

  it('sends restricted links to the title page instead of opening them from the list', () => {
    vi.stubGlobal('fetch', vi.fn(fetchWith(() => jsonResponse([]))));
    renderWithProviders(
      <ResultItem
        hit={buildHit({ cod_acervo: 9, titulo: 'Cálculo' })}
        extras={{
          additionalTitles: [],
          links: [
            { seq_paragrafo: 1, url: 'https://open.example.org/calculo', descricao: 'Sumário' },
            {
              seq_paragrafo: 2,
              url: 'https://publisher.example.org/calculo',
              descricao: 'E-book',
              restrito: true,
            },
          ],
          images: 0,
          isbnCover: null,
          shelfPlaces: null,
        }}
      />,
    );
    expect(screen.getByRole('link', { name: /Sumário/ }).getAttribute('href')).toBe(
      'https://open.example.org/calculo',
    );
    expect(screen.queryByRole('link', { name: /E-book/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Acesso restrito: veja no título' }).getAttribute('href')).toBe(
      '/acervo/9',
    );
  });

  it('shows the plain line while the extras are not there', () => {
    vi.stubGlobal('fetch', vi.fn(fetchWith(() => jsonResponse([]))));
    renderWithProviders(<ResultItem hit={buildHit({ cod_acervo: 5 })} />);
    expect(screen.getByRole('link', { name: 'Dom Casmurro' }).getAttribute('href')).toBe('/acervo/5');
    expect(screen.queryByText('Acesso online')).toBeNull();
    expect(screen.getByText('2 de 3 exemplares disponíveis')).toBeTruthy();
  });

  it('says where copies are on the shelf (library, location, call number), the first two places and "+N"', () => {
    vi.stubGlobal('fetch', vi.fn(fetchWith(() => jsonResponse([]))));
    const place = (library: string, location: string | null, copies: number) => ({
      cod_biblioteca: copies,
      desc_biblioteca: library,
      localizacao: location,
      numero_chamada: '869.3 A553d',
      quantidade: copies,
    });
    const extras = (shelfPlaces: ReturnType<typeof place>[], isbnCover: string | null = null) => ({
      additionalTitles: [],
      links: [],
      images: 0,
      isbnCover,
      shelfPlaces,
    });
    renderWithProviders(
      <>
        <ResultItem
          hit={buildHit({ cod_acervo: 7, titulo: 'Iracema' })}
          extras={extras(
            [
              place('Biblioteca Central', 'Estante 3', 3),
              place('Biblioteca de Ciências da Saúde', null, 2),
              place('Biblioteca do Campus Tecnológico', 'Térreo', 1),
              place('Biblioteca Setorial', 'Sala 2', 1),
            ],
            '/api/vinculos/capa-isbn/9788535902778',
          )}
        />
        <ResultItem
          hit={buildHit({ cod_acervo: 8, titulo: 'Senhora', exemplares_disponiveis: 0 })}
          extras={extras([])}
        />
      </>,
    );
    const line = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    const iracema = within(line('Iracema')).getByText('Disponível:').parentElement!;
    expect(iracema.textContent).toBe(
      'Disponível: Biblioteca Central — Estante 3 — 869.3 A553d; ' +
        'Biblioteca de Ciências da Saúde — 869.3 A553d +2e em mais 2 locais',
    );
    expect(within(line('Iracema')).queryByText(/exemplares disponíveis/)).toBeNull();
    // Without a cover of its own, the cover from the institution's provider by ISBN.
    expect(line('Iracema').querySelector('img')?.getAttribute('src')).toBe(
      '/api/vinculos/capa-isbn/9788535902778',
    );
    // Nothing on the shelf: the count of copies, as before.
    expect(within(line('Senhora')).queryByText('Disponível:')).toBeNull();
    expect(within(line('Senhora')).getByText('0 de 3 exemplares disponíveis')).toBeTruthy();
  });

  it('marks the format with an icon beside the work type, the accessible edition of a book with its own', () => {
    vi.stubGlobal('fetch', vi.fn(fetchWith(() => jsonResponse([]))));
    renderWithProviders(
      <>
        <ResultItem hit={buildHit({ titulo: 'Atlas', cod_tipo_obra: 'MAPA', desc_tipo_obra: 'Mapa' })} />
        <ResultItem hit={buildHit({ titulo: 'Dom Casmurro em braile', possui_acessibilidade: 'S' })} />
        <ResultItem
          hit={buildHit({ titulo: 'Ouvir', cod_tipo_obra: 'AUDIOLIVRO', desc_tipo_obra: 'Audiolivro' })}
        />
      </>,
    );
    const icon = (title: string) =>
      screen.getByRole('heading', { name: title }).closest('article')!.querySelector('svg[data-format]')!;
    expect(icon('Atlas').getAttribute('data-format')).toBe('map');
    expect(icon('Atlas').getAttribute('aria-hidden')).toBe('true');
    expect(icon('Atlas').parentElement!.textContent).toBe('Mapa');
    expect(icon('Dom Casmurro em braile').getAttribute('data-format')).toBe('accessible');
    expect(icon('Dom Casmurro em braile').parentElement!.textContent).toBe('Livro (formato acessível)');
    expect(icon('Ouvir').getAttribute('data-format')).toBe('audio');
  });
});
