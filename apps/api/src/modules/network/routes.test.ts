import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NetworkInstitutionsResponseSchema,
  NetworkRecordSchema,
  SearchResponseSchema,
  type SearchResponse,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { importFile } from '../imports/service.ts';
import { UnnamedNetworkInstitution } from './writer.ts';

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));
const RDA = join(DATA, 'evergreen-rda-samples.mrc');
const MAPS = join(DATA, 'evergreen-maps.mrc');

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** Helpers bound to one app: GET with the public token, and the network search. */
function client(ctx: Ctx, headers: Record<string, string>) {
  const get = (url: string, language?: string) =>
    ctx.app.inject({ url, headers: language ? { ...headers, idioma: language } : headers });
  const search = async (query: Record<string, string | string[]>): Promise<SearchResponse> => {
    const qs = new URLSearchParams({ search_tab: 'rede-oai' });
    for (const [key, value] of Object.entries(query))
      for (const item of Array.isArray(value) ? value : [value]) qs.append(key, item);
    const response = await get(`/api/consulta?${qs}`);
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };
  return { get, search };
}

describe('the library network: two institutions loaded from real MARC files', () => {
  let ctx: Ctx;
  let api: ReturnType<typeof client>;
  /** Network record id by the 001 its institution gave it. */
  const idOf = new Map<string, number>();
  const controlsOf = (result: SearchResponse) => result.data.map((hit) => controlOf(hit.cod_acervo));
  const controlOf = (id: number) => [...idOf].find(([, value]) => value === id)?.[0];
  const group = (result: SearchResponse, tipo: string) =>
    result.filtros.find((g) => g.tipo === tipo)?.valores;
  let firstImport: Awaited<ReturnType<typeof importFile>>;

  beforeAll(async () => {
    ctx = await buildTestApp({ empty: true });
    api = client(ctx, { authorization: `Bearer ${await publicToken(ctx.app)}` });
    // The RDA samples (10 records of the Library of Congress) as one institution, three maps as another.
    firstImport = await importFile(ctx.db, RDA, { network: { code: 101, name: 'Universidade Alfa' } });
    await importFile(ctx.db, MAPS, { network: { code: 202, name: 'Instituto Beta' } });
    const { rows } = await ctx.db.query<{ id: number; control_number: string }>(
      'SELECT id, control_number FROM network_record',
    );
    for (const row of rows) idOf.set(row.control_number, row.id);
  });
  afterAll(() => ctx.close());

  it('imports every record of both files and lists the institutions with their record counts', async () => {
    expect(firstImport).toEqual({ read: 10, inserted: 10, updated: 0, skipped: [] });
    const response = await api.get('/api/rede-pergamum/oai/instituicoes');
    expect(response.statusCode).toBe(200);
    expect(NetworkInstitutionsResponseSchema.parse(response.json())).toEqual([
      { cod_empresa: 202, desc_empresa: 'Instituto Beta', total: 3 },
      { cod_empresa: 101, desc_empresa: 'Universidade Alfa', total: 10 },
    ]);
  });

  it('updates the records on a second import of the same file instead of duplicating them', async () => {
    const again = await importFile(ctx.db, RDA, { network: { code: 101 } });
    expect(again).toEqual({ read: 10, inserted: 0, updated: 10, skipped: [] });
    const institutions = (await api.get('/api/rede-pergamum/oai/instituicoes')).json();
    expect(institutions).toContainEqual({ cod_empresa: 101, desc_empresa: 'Universidade Alfa', total: 10 });
  });

  it('searches the network in its tab: "california" is in the three maps and in a film published in California', async () => {
    const result = await api.search({ termo: 'california' });
    expect(result.tab).toBe('rede-oai');
    expect(result.total).toBe(4);
    // The maps have the word in their titles; the film only in its place of publication, so it comes last.
    expect(controlsOf(result).slice(0, 3).sort()).toEqual(['13683740', '13683783', '14933689']);
    expect(controlOf(result.data[3]!.cod_acervo)).toBe('16557781');
    const film = result.data[3]!;
    expect(film).toMatchObject({
      titulo: 'Pineapple express',
      cod_tipo_obra: 'VIDEO',
      desc_tipo_obra: 'Vídeo',
      ano_publicacao: 2008,
      idioma: 'eng',
      exemplares_total: 0,
      instituicao: { cod_empresa: 101, desc_empresa: 'Universidade Alfa' },
    });
    expect(group(result, 'Z')).toEqual([
      { valor: '202', descricao: 'Instituto Beta', quantidade: 3, selecionado: false },
      { valor: '101', descricao: 'Universidade Alfa', quantidade: 1, selecionado: false },
    ]);
    expect(group(result, 'T')).toEqual([
      { valor: 'MAPA', descricao: 'Mapa', quantidade: 3, selecionado: false },
      { valor: 'VIDEO', descricao: 'Vídeo', quantidade: 1, selecionado: false },
    ]);
    // Years descending (SPEC §4): 2008 the film, 2007 Yosemite, 1989 and 1987 the continental margin maps.
    expect(group(result, 'Y')?.map((v) => [v.valor, v.quantidade])).toEqual([
      ['2008', 1],
      ['2007', 1],
      ['1989', 1],
      ['1987', 1],
    ]);
    // The maps' 008 is cut short, so only the film has a language.
    expect(group(result, 'I')).toEqual([
      { valor: 'eng', descricao: 'Inglês', quantidade: 1, selecionado: false },
    ]);
    expect(result.filtros.map((g) => g.tipo)).toEqual(['Z', 'T', 'Y', 'I']);
  });

  it('keeps network records out of the local catalogue search', async () => {
    const response = await api.get('/api/consulta?termo=california&search_tab=geral');
    expect(SearchResponseSchema.parse(response.json()).total).toBe(0);
  });

  it('filters by institution (Z): one institution, both of them (OR), and Z with a work type (AND)', async () => {
    const beta = await api.search({ termo: 'california', filtro: 'Z:202' });
    expect(beta.total).toBe(3);
    expect(controlsOf(beta).sort()).toEqual(['13683740', '13683783', '14933689']);
    for (const hit of beta.data) expect(hit.instituicao?.cod_empresa).toBe(202);
    // The institution counts leave the institution filter out, so the other one still shows its 1.
    expect(group(beta, 'Z')).toEqual([
      { valor: '202', descricao: 'Instituto Beta', quantidade: 3, selecionado: true },
      { valor: '101', descricao: 'Universidade Alfa', quantidade: 1, selecionado: false },
    ]);
    expect(group(beta, 'T')).toEqual([
      { valor: 'MAPA', descricao: 'Mapa', quantidade: 3, selecionado: false },
    ]);
    expect(group(beta, 'Y')?.map((v) => v.valor)).toEqual(['2007', '1989', '1987']);

    const both = await api.search({ termo: 'california', filtro: ['Z:202', 'Z:101'] });
    expect(both.total).toBe(4);

    const none = await api.search({ termo: 'california', filtro: ['Z:202', 'T:VIDEO'] });
    expect(none.total).toBe(0);
    expect(none.data).toEqual([]);
    // Each applied value stays listed (with 0) so it can be taken off.
    expect(group(none, 'Z')).toEqual([
      { valor: '101', descricao: 'Universidade Alfa', quantidade: 1, selecionado: false },
      { valor: '202', descricao: 'Instituto Beta', quantidade: 0, selecionado: true },
    ]);
    expect(group(none, 'T')).toEqual([
      { valor: 'MAPA', descricao: 'Mapa', quantidade: 3, selecionado: false },
      { valor: 'VIDEO', descricao: 'Vídeo', quantidade: 0, selecionado: true },
    ]);
  });

  it('searches titles only with the title search type', async () => {
    // "map" is in the titles of the Taos tourist map (A) and of the Yosemite map (B); the other two
    // maps have it only in their added titles (740) and contents notes.
    const titles = await api.search({ termo: 'map', tipoBusca: 'titulo' });
    expect(controlsOf(titles).sort()).toEqual(['14933689', '17631075']);
    const anywhere = await api.search({ termo: 'map' });
    expect(controlsOf(anywhere).sort()).toEqual(['13683740', '13683783', '14933689', '17631075']);
  });

  it('shows records without a year as "no date" and filters them (Y)', async () => {
    // The IEEE conference proceedings (a serial) has no publication year.
    const result = await api.search({ termo: 'software' });
    expect(controlsOf(result)).toEqual(['17568399']);
    expect(group(result, 'Y')).toEqual([
      { valor: 'sem-data', descricao: 'search.filterValue.Y.sem-data', quantidade: 1, selecionado: false },
    ]);
    const filtered = await api.search({ termo: 'software', filtro: 'Y:sem-data' });
    expect(filtered.total).toBe(1);
    const dated = await api.search({ termo: 'software', filtro: 'Y:2013' });
    expect(dated.total).toBe(0);
  });

  it('filters by language (I) and names it in the caller language', async () => {
    // Portuguese: the Cláudia CD and the Jorge Mautner documentary, both of the RDA file.
    const result = await api.search({ termo: 'Brazil', filtro: 'I:por' });
    expect(controlsOf(result).sort()).toEqual(['17896898', '18112802']);
    const english = await api.get(
      `/api/consulta?${new URLSearchParams({ search_tab: 'rede-oai', termo: 'Brazil', filtro: 'I:por' })}`,
      '5',
    );
    const languages = SearchResponseSchema.parse(english.json()).filtros.find((g) => g.tipo === 'I');
    expect(languages?.valores.find((v) => v.valor === 'por')).toMatchObject({
      descricao: 'Portuguese',
      quantidade: 2,
      selecionado: true,
    });
  });

  it('shows one network record with its data, institution and MARC', async () => {
    const response = await api.get(`/api/rede-pergamum/acervo/${idOf.get('18057321')}`);
    expect(response.statusCode).toBe(200);
    const record = NetworkRecordSchema.parse(response.json());
    expect(record).toMatchObject({
      id: idOf.get('18057321'),
      tipo_obra: 'PARTITURA',
      desc_tipo_obra: 'Partitura',
      instituicao: { cod_empresa: 101, desc_empresa: 'Universidade Alfa' },
      controle: '18057321',
      autor: 'Brahms, Johannes, 1833-1897',
      ano_publicacao: 2014,
      idioma: 'ger',
      idioma_desc: 'Alemão',
      isbn: ['9783890077772'],
      serie: 'Meisterwerke der Musik im Faksimile ; Bd. 30',
    });
    expect(record.titulo).toMatch(/^Wiegenlied : Guten Abend, gut' Nacht/);
    expect(record.assuntos).toContain('Lullabies');
    expect(record.autores).toEqual([
      'Brahms, Johannes, 1833-1897',
      'Fassbaender, Brigitte',
      'Sandberger, Wolfgang',
    ]);
    expect(record.marc.fields.find((f) => f.tag === '240')?.subfields?.map((s) => s.value)).toEqual([
      'Lieder,',
      'op. 49.',
      'Wiegenlied',
    ]);
  });

  it('answers 404 for an unknown network record and 400 for an id that is not a number', async () => {
    const maxId = Math.max(...idOf.values());
    expect((await api.get(`/api/rede-pergamum/acervo/${maxId + 1000}`)).statusCode).toBe(404);
    expect((await api.get('/api/rede-pergamum/acervo/abc')).statusCode).toBe(400);
  });
});

describe('network imports that go wrong', () => {
  let ctx: Ctx;
  let api: ReturnType<typeof client>;
  let dir: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ empty: true });
    api = client(ctx, { authorization: `Bearer ${await publicToken(ctx.app)}` });
    dir = await mkdtemp(join(tmpdir(), 'estante-network-'));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reports a broken record with its position and imports the ones around it', async () => {
    const bytes = await readFile(RDA);
    const records: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] === 0x1d) {
        records.push(bytes.subarray(start, i + 1));
        start = i + 1;
      }
    }
    const broken = Buffer.from(records[1]!);
    broken.write('12x45', 0, 'latin1'); // the record length is no longer a number
    const path = join(dir, 'mixed.mrc');
    await writeFile(path, Buffer.concat([records[0]!, broken, records[2]!]));

    const summary = await importFile(ctx.db, path, { network: { code: 303, name: 'Centro Gama' } });
    expect(summary.read).toBe(3);
    expect(summary.inserted).toBe(2);
    expect(summary.skipped).toEqual([
      { file: path, position: 2, reason: expect.stringMatching(/leader|length/i) },
    ]);
    const institutions = NetworkInstitutionsResponseSchema.parse(
      (await api.get('/api/rede-pergamum/oai/instituicoes')).json(),
    );
    expect(institutions).toEqual([{ cod_empresa: 303, desc_empresa: 'Centro Gama', total: 2 }]);
    // The two whole records are found; nothing of the broken one (Pineapple express) is.
    expect((await api.search({ termo: 'Cláudia' })).total).toBe(1);
    expect((await api.search({ termo: 'Mautner' })).total).toBe(1);
    expect((await api.search({ termo: 'Pineapple' })).total).toBe(0);
  });

  it('skips authority records: the network holds other institutions titles only', async () => {
    const summary = await importFile(ctx.db, join(DATA, 'evergreen-auth-iish-17.mrc'), {
      network: { code: 404, name: 'Arquivo Delta' },
    });
    expect(summary.read).toBe(17);
    expect(summary.inserted + summary.updated).toBe(0);
    expect(summary.skipped).toHaveLength(17);
    expect(summary.skipped[0]?.reason).toMatch(/not a bibliographic record \(authority\)/);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM authority');
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses an institution seen for the first time without a name, and imports nothing', async () => {
    await expect(importFile(ctx.db, MAPS, { network: { code: 505 } })).rejects.toBeInstanceOf(
      UnnamedNetworkInstitution,
    );
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM network_record WHERE control_number = '13683783'",
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the demo library network (seeded from its own MARC, no test files)', () => {
  let ctx: Ctx;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    api = client(ctx, { authorization: `Bearer ${await publicToken(ctx.app)}` });
  });
  afterAll(() => ctx.close());

  it('has two institutions of six records each', async () => {
    const institutions = NetworkInstitutionsResponseSchema.parse(
      (await api.get('/api/rede-pergamum/oai/instituicoes')).json(),
    );
    expect(institutions).toEqual([
      { cod_empresa: 12, desc_empresa: 'Faculdade de Artes do Planalto', total: 6 },
      { cod_empresa: 11, desc_empresa: 'Universidade do Vale Verde', total: 6 },
    ]);
  });

  it('finds Dom Casmurro in both institutions, apart from the local copies', async () => {
    const result = await api.search({ termo: 'Dom Casmurro', tipoBusca: 'titulo' });
    expect(result.total).toBe(2);
    expect(result.data.map((hit) => hit.instituicao?.desc_empresa).sort()).toEqual([
      'Faculdade de Artes do Planalto',
      'Universidade do Vale Verde',
    ]);
    const record = NetworkRecordSchema.parse(
      (await api.get(`/api/rede-pergamum/acervo/${result.data[0]!.cod_acervo}`)).json(),
    );
    expect(record.marc.fields.find((f) => f.tag === '003')?.value).toMatch(/^(UVV|FAP)$/);
  });

  it('keeps a phrase within one subject heading ("Ficção brasileira ; Secas - Nordeste (Brasil) - Ficção")', async () => {
    const titles = async (termo: string) =>
      (await api.search({ termo, tipoBusca: 'assunto', tipoTermo: 'exata' })).data.map((hit) => hit.titulo);
    expect(await titles('secas nordeste')).toEqual(['Vidas secas']);
    expect(await titles('brasileira secas')).toEqual([]);
  });

  it('lists the undated Villa-Lobos score as "no date"', async () => {
    const result = await api.search({ termo: 'Villa-Lobos' });
    expect(result.data.map((hit) => [hit.titulo, hit.cod_tipo_obra, hit.ano_publicacao])).toEqual([
      ['Bachianas brasileiras n. 5', 'PARTITURA', null],
    ]);
    expect(result.filtros.find((g) => g.tipo === 'Y')?.valores.map((v) => v.valor)).toEqual(['sem-data']);
  });
});
