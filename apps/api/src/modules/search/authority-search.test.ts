import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthoritySearchResponseSchema,
  IndexedTitlesResponseSchema,
  type AuthoritySearchHit,
  type AuthoritySearchResponse,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { loadDemoWorks } from '../seed/index.ts';
import { importFile } from '../imports/service.ts';

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

describe('authority search on the demo library with imported authority records', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const search = async (query: Record<string, string | number>): Promise<AuthoritySearchResponse> => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await ctx.app.inject({ url: `/api/consulta/autoridades?${qs}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return AuthoritySearchResponseSchema.parse(response.json());
  };
  /** Every result of a search, page after page. */
  const searchAll = async (query: Record<string, string | number>): Promise<AuthoritySearchHit[]> => {
    const hits: AuthoritySearchHit[] = [];
    for (let pagina = 1; ; pagina++) {
      const page = await search({ ...query, pagina, quantPag: 100 });
      hits.push(...page.data);
      if (hits.length >= page.total || page.data.length === 0) return hits;
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    // Authority records of their own: uniform titles, events, places, see-from references.
    for (const file of ['evergreen-concerto-auth.xml', 'evergreen-auth-iish-17.mrc', 'koha-sample-auth.xml'])
      await importFile(ctx.db, join(DATA, file));
  }, 300_000);
  afterAll(() => ctx.close());

  it('finds Machado de Assis by the beginnings of his name words, with all his titles', async () => {
    const works = await loadDemoWorks();
    const his = works.filter((w) => w.authors.some((a) => a.name === 'Assis, Machado de'));
    const result = await search({ termo: 'assis mach' });
    expect(result.data[0]).toEqual({
      cod_autoridade: expect.any(Number),
      tipo: 'pessoa',
      cabecalho: 'Assis, Machado de, 1839-1908',
      remissivas_ver: [],
      total_titulos: his.length,
    });
    // Criticism of his work is a subject heading of its own.
    expect(result.data.map((h) => h.cabecalho)).toContain(
      'Assis, Machado de, 1839-1908 - Crítica e interpretação',
    );
    const subjects = await search({ termo: 'assis machado', tipo: 'assunto' });
    expect(subjects.data.map((h) => h.tipo)).toEqual(subjects.data.map(() => 'assunto'));
    expect(subjects.data.map((h) => h.cabecalho)).not.toContain('Assis, Machado de, 1839-1908');
  });

  it('finds an authority by a see-from form and shows the forms not used', async () => {
    const result = await search({ termo: 'Kabalewski' });
    const person = result.data.find((h) => h.tipo === 'pessoa');
    expect(person?.cabecalho).toBe('Kabalevsky, Dmitry Borisovich, 1904-1987');
    expect(person?.remissivas_ver).toContain('Kabalewski, Dmitri, 1904-');
    // The heading itself ranks before a see-from match of the same words.
    const byHeading = await search({ termo: 'kabalevsky dmitry' });
    expect(byHeading.data[0]?.cabecalho).toBe('Kabalevsky, Dmitry Borisovich, 1904-1987');
  });

  it('filters by each authority type the catalogue holds, and by several at once', async () => {
    const { rows } = await ctx.db.query<{ type: string; heading: string; id: number }>(
      `SELECT DISTINCT ON (type) type, heading, id FROM authority
        WHERE heading ~ '^[A-Za-z]{4,}' ORDER BY type, id`,
    );
    const types = rows.map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'pessoa',
        'instituicao',
        'evento',
        'titulo_uniforme',
        'assunto',
        'assunto_geografico',
        'genero_forma',
      ]),
    );
    for (const row of rows) {
      const word = /^[A-Za-z]{4,}/.exec(row.heading)![0];
      const all = await searchAll({ termo: word });
      const typed = await searchAll({ termo: word, tipo: row.type });
      expect(typed.map((h) => h.cod_autoridade)).toContain(row.id);
      // The filter keeps exactly the results of that type, in the same order.
      expect(typed.map((h) => h.cod_autoridade)).toEqual(
        all.filter((h) => h.tipo === row.type).map((h) => h.cod_autoridade),
      );
    }
    const names = await searchAll({ termo: 'handel', tipo: 'pessoa,titulo_uniforme' });
    expect(new Set(names.map((h) => h.tipo))).toEqual(new Set(['pessoa', 'titulo_uniforme']));
  });

  it('pages through the results without repeating an authority', async () => {
    const first = await search({ termo: 'handel', quantPag: 5 });
    const second = await search({ termo: 'handel', quantPag: 5, pagina: 2 });
    expect(first.total).toBeGreaterThan(10);
    expect(second.total).toBe(first.total);
    expect(second.pagina).toBe(2);
    const ids = first.data.map((h) => h.cod_autoridade);
    for (const hit of second.data) expect(ids).not.toContain(hit.cod_autoridade);
    const past = await search({ termo: 'handel', pagina: 1000 });
    expect(past).toMatchObject({ data: [], total: first.total });
  });

  it('counts the titles of each authority as the jump to its titles finds them', async () => {
    const result = await search({ termo: 'ficcao brasileira', quantPag: 3 });
    for (const hit of result.data) {
      const response = await ctx.app.inject({
        url: `/api/consulta/acervos-indexados?cod_autoridade=${hit.cod_autoridade}&quantPag=1`,
        headers,
      });
      expect(IndexedTitlesResponseSchema.parse(response.json()).total).toBe(hit.total_titulos);
    }
    expect(result.data[0]).toMatchObject({ cabecalho: 'Ficção brasileira', tipo: 'assunto' });
  });

  it('takes any typed character as text and refuses an empty term or an unknown type', async () => {
    const odd = await search({ termo: "assis' & ! (mach:*" });
    expect(odd.data[0]?.cabecalho).toBe('Assis, Machado de, 1839-1908');
    expect((await search({ termo: '!!!' })).total).toBe(0);
    const empty = await ctx.app.inject({ url: '/api/consulta/autoridades?termo=%20', headers });
    expect(empty.statusCode).toBe(400);
    const unknown = await ctx.app.inject({ url: '/api/consulta/autoridades?termo=a&tipo=obra', headers });
    expect(unknown.statusCode).toBe(400);
  });
});
