import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AutocompleteResponseSchema,
  DidYouMeanResponseSchema,
  IndexBrowseResponseSchema,
  SearchResponseSchema,
  type AutocompleteSuggestion,
  type DidYouMeanResponse,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { loadDemoWorks } from '../seed/index.ts';

describe('did you mean and autocomplete on the demo library', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const get = async (path: string, query: Record<string, string>) => {
    const response = await ctx.app.inject({ url: `/api${path}?${new URLSearchParams(query)}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };
  const didYouMean = async (query: Record<string, string>): Promise<DidYouMeanResponse> =>
    DidYouMeanResponseSchema.parse(await get('/consulta/sugestoes', query));
  const complete = async (query: Record<string, string>): Promise<AutocompleteSuggestion[]> =>
    AutocompleteResponseSchema.parse(await get('/consulta/autocompletar', query));
  const total = async (query: Record<string, string>) =>
    SearchResponseSchema.parse(await get('/consulta', query)).total;

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  describe('did you mean', () => {
    it('corrects "machadoo de asis" to "machado de assis" and says how many records that finds', async () => {
      expect(await total({ termo: 'machadoo de asis' })).toBe(0);
      const found = await total({ termo: 'machado de assis' });
      expect(found).toBeGreaterThan(10);
      expect(await didYouMean({ termo: 'machadoo de asis' })).toEqual({
        termo: 'machadoo de asis',
        sugestao: { termo: 'machado de assis', total: found },
      });
    });

    it('writes the correction as the words were typed', async () => {
      const answer = await didYouMean({ termo: 'Machadoo de Asis' });
      expect(answer.sugestao?.termo).toBe('Machado de Assis');
      const shouted = await didYouMean({ termo: 'MACHADOO' });
      expect(shouted.sugestao?.termo).toBe('MACHADO');
    });

    it('keeps accents of the catalogue word in the correction ("sertaoo" → "sertão")', async () => {
      const answer = await didYouMean({ termo: 'grande sertaoo' });
      expect(answer.sugestao).toEqual({
        termo: 'grande sertão',
        total: await total({ termo: 'grande sertão' }),
      });
    });

    it('counts with the search type asked for', async () => {
      const answer = await didYouMean({ termo: 'graciliano rramos', tipoBusca: 'autor' });
      expect(answer.sugestao).toEqual({
        termo: 'graciliano ramos',
        total: await total({ termo: 'graciliano ramos', tipoBusca: 'autor' }),
      });
      // Counted as the search shows them: one per work, his editions of one title together (decision 0071).
      const works = await loadDemoWorks();
      expect(answer.sugestao?.total).toBe(
        new Set(
          works.filter((w) => w.authors.some((a) => a.name === 'Ramos, Graciliano')).map((w) => w.title),
        ).size,
      );
    });

    it('stays silent for a correct search, with or without accents, and when no word is close', async () => {
      for (const termo of ['machado de assis', 'grande sertao veredas', 'Memórias póstumas', 'xqzwv kklm']) {
        expect((await didYouMean({ termo })).sugestao, termo).toBeNull();
      }
    });
  });

  describe('autocomplete', () => {
    it('suggests the title that starts with the typed text first, with its record count', async () => {
      const works = await loadDemoWorks();
      const editions = works.filter((w) => w.title === 'Dom Casmurro' && !w.subtitle).length;
      const suggestions = await complete({ termo: 'dom casm' });
      expect(suggestions[0]).toEqual({
        tipo: 'titulo',
        texto: 'Dom Casmurro',
        quantidade: editions,
        cod_autoridade: null,
      });
    });

    it('suggests entries with a word starting with the typed text ("casmu" → "Dom Casmurro")', async () => {
      const suggestions = await complete({ termo: 'casmu' });
      expect(suggestions.map((s) => s.texto)).toContain('Dom Casmurro');
    });

    it('ignores accents and case: "serta", "sertã" and "SERTÃO" suggest the same', async () => {
      const plain = await complete({ termo: 'serta' });
      expect(await complete({ termo: 'sertã' })).toEqual(plain);
      expect(await complete({ termo: 'SERTÃO' })).toEqual(plain);
      expect(plain).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ tipo: 'titulo', texto: 'Grande sertão : veredas' }),
          expect.objectContaining({ tipo: 'assunto', texto: 'Sertão (Brasil)' }),
        ]),
      );
    });

    it('suggests only authors for an author search, headings starting with the text first', async () => {
      const suggestions = await complete({ termo: 'machado', tipo: 'autor' });
      expect(suggestions.every((s) => s.tipo === 'autor' && s.cod_autoridade !== null)).toBe(true);
      const names = suggestions.map((s) => s.texto);
      expect(names).toContain('Assis, Machado de, 1839-1908');
      expect(names.indexOf('Machado, Ana Maria, 1941-')).toBeLessThan(
        names.indexOf('Assis, Machado de, 1839-1908'),
      );
      expect(names.indexOf('Machado, Antonio, 1875-1939')).toBeLessThan(
        names.indexOf('Assis, Machado de, 1839-1908'),
      );
    });

    it('counts as the index does', async () => {
      const [suggestion] = await complete({ termo: 'ficcao brasileira', tipo: 'assunto' });
      const page = IndexBrowseResponseSchema.parse(
        await get('/consulta/indice', { tipo: 'assunto', termo: 'ficcao brasileira', quantPag: '1' }),
      );
      expect(suggestion).toMatchObject({ texto: 'Ficção brasileira', quantidade: page.itens[0]?.quantidade });
    });

    it('answers at most eight suggestions, and none for text the catalogue does not hold', async () => {
      expect(await complete({ termo: 'a' })).toHaveLength(8);
      expect(await complete({ termo: 'zzqqxx' })).toEqual([]);
      expect(await complete({ termo: '%_' })).toEqual([]);
    });
  });
});
