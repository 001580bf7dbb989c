import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdditionalTitlesResponseSchema,
  InstitutionSchema,
  ResultLinksResponseSchema,
  TitleImagesResponseSchema,
} from '@estante/contract';
import { buildRecord, mapTitle } from '@estante/marc';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { importFile } from '../imports/service.ts';
import { saveTitle } from './writer.ts';
import { writeSetting } from '../institution/index.ts';

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

describe('result-line extras: additional titles, online links, images and shelf places of titles', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let dir: string;
  /** Local title id by its 001. */
  const id = new Map<string, number>();
  const get = (url: string) => ctx.app.inject({ url, headers });

  beforeAll(async () => {
    ctx = await buildTestApp({ empty: true });
    dir = await mkdtemp(join(tmpdir(), 'estante-result-line-'));
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    for (const file of ['evergreen-rda-samples.mrc', 'evergreen-maps.mrc'])
      await importFile(ctx.db, join(DATA, file));
    // The one record of the shared files with a cover link (PSU, "A boy called Christmas"), cut out of
    // its 728-record file so the test does not load the rest.
    const psu = await readFile(join(DATA, 'psu-sample-catalog.mrc'));
    const cover = psu.indexOf('9780399552656.jpg');
    const start = psu.lastIndexOf(0x1d, cover) + 1;
    await writeFile(join(dir, 'psu-cover.mrc'), psu.subarray(start, psu.indexOf(0x1d, cover) + 1));
    expect((await importFile(ctx.db, join(dir, 'psu-cover.mrc'))).inserted).toBe(1);
    // A title with a cover and three pictures, as a library that links photos of its rare books would catalogue it.
    const record = buildRecord({
      controlNumber: 'fotos-1',
      title: 'Álbum de fotografias da biblioteca',
      coverUrl: 'https://fotos.example.org/capa.jpg',
      onlineLinks: [
        { url: 'https://fotos.example.org/fachada.jpg', description: 'Fachada' },
        { url: 'https://fotos.example.org/album.pdf', description: 'Álbum completo' },
        { url: 'https://fotos.example.org/salao.png', description: 'Salão de leitura' },
        { url: 'https://fotos.example.org/mapa.gif', description: 'Planta' },
      ],
    });
    const mapped = mapTitle(record);
    if ('error' in mapped) throw new Error(mapped.error);
    await ctx.db.transaction((tx) => saveTitle(tx, mapped, record, { sourceFormat: 'marc21' }));
    const { rows } = await ctx.db.query<{ id: number; control_number: string }>(
      `SELECT id, control_number FROM title
        WHERE control_number IN ('17631075', '18057321', '13683783', '16557781', '17591667', '19142604', 'fotos-1')`,
    );
    for (const row of rows) id.set(row.control_number, row.id);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives each title of a page its uniform, varying and added titles in one call', async () => {
    const asked = ['17631075', '18057321', '13683783', '16557781'].map((c) => id.get(c)!);
    const response = await get(`/api/consulta/titulos-adicionais?acervos=${[...asked, 999999].join(',')}`);
    expect(response.statusCode).toBe(200);
    const answer = AdditionalTitlesResponseSchema.parse(response.json());
    const of = (control: string) => answer.find((a) => a.cod_acervo === id.get(control))?.titulos;
    // The unknown id is left out; Pineapple express has only 730 related works, so it has none.
    expect(answer).toHaveLength(4);
    expect(of('17631075')).toEqual([
      { tipo: 'uniforme', titulo: 'Taos news', rotulo: null, idioma: null },
      { tipo: 'variante', titulo: 'Taos, New Mexico', rotulo: 'Title within map border', idioma: null },
    ]);
    expect(of('18057321')).toEqual([
      { tipo: 'uniforme', titulo: 'Lieder, op. 49. Wiegenlied', rotulo: null, idioma: null },
    ]);
    expect(of('13683783')?.map((t) => [t.tipo, t.titulo])).toEqual([
      ['adicional', 'Geologic map of the northern California continental margin'],
      [
        'adicional',
        'Earthquake epicenters and selected fault plane solutions of the northern California continental margin',
      ],
      ['adicional', 'Bouguer gravity and magnetic anomaly map of the northern California continental margin'],
      [
        'adicional',
        'Well location, geophysical trackline, and data source map of the northern California continental margin',
      ],
    ]);
    expect(of('16557781')).toEqual([]);
  });

  it('refuses a list that is not made of title codes, an empty one and one longer than a page', async () => {
    expect((await get('/api/consulta/titulos-adicionais?acervos=1,abc')).statusCode).toBe(400);
    expect((await get('/api/consulta/titulos-adicionais')).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await get(`/api/vinculos/links-resultado?acervos=${tooMany}`)).statusCode).toBe(400);
  });

  it('gives the online links of several titles at once, and says which have images', async () => {
    const asked = ['17591667', '19142604', '17631075', 'fotos-1'].map((c) => id.get(c)!);
    const response = await get(`/api/vinculos/links-resultado?acervos=${asked.join(',')}`);
    expect(response.statusCode).toBe(200);
    const answer = ResultLinksResponseSchema.parse(response.json());
    const of = (control: string) => answer.find((a) => a.cod_acervo === id.get(control));
    // The Tibetan thangka links to its digitised page at the Library of Congress.
    expect(of('17591667')?.links.map((l) => [l.seq_paragrafo, l.url, l.descricao])).toEqual([
      [1, 'http://hdl.loc.gov/loc.wdl/wdl.3167', null],
    ]);
    expect(of('17591667')?.imagens).toBe(0);
    // "A boy called Christmas" (PSU) links only its cover image, which is not an online copy of the book.
    expect(of('19142604')).toMatchObject({ links: [], imagens: 1 });
    expect(of('17631075')).toMatchObject({ links: [], imagens: 0 });
    expect(of('fotos-1')?.links.map((l) => l.url)).toEqual([
      'https://fotos.example.org/fachada.jpg',
      'https://fotos.example.org/album.pdf',
      'https://fotos.example.org/salao.png',
      'https://fotos.example.org/mapa.gif',
    ]);
    expect(of('fotos-1')?.imagens).toBe(4);
  });

  it('says where the copies of each title of a page are on the shelf: library, location and call number', async () => {
    // Two libraries; one title with copies on the shelf at both (two at one location), one lent, one none.
    const campus = (
      await ctx.db.query<{ id: number }>("INSERT INTO campus (name) VALUES ('Campus Sul') RETURNING id")
    ).rows[0]!.id;
    const library = async (code: string, name: string) =>
      (
        await ctx.db.query<{ id: number }>(
          'INSERT INTO library (campus_id, code, name) VALUES ($1, $2, $3) RETURNING id',
          [campus, code, name],
        )
      ).rows[0]!.id;
    const central = await library('SUL-C', 'Biblioteca Central');
    const music = await library('SUL-M', 'Biblioteca de Música');
    const lullaby = id.get('18057321')!;
    const maps = id.get('17631075')!;
    const photos = id.get('fotos-1')!;
    await ctx.db.query("UPDATE title SET call_number = '784.3 B813w' WHERE id = $1", [lullaby]);
    const copy = (title: number, lib: number, number: string, location: string | null, status: string) =>
      ctx.db.query(
        'INSERT INTO copy (title_id, library_id, number, location, status) VALUES ($1, $2, $3, $4, $5)',
        [title, lib, number, location, status],
      );
    await copy(lullaby, central, 'RL-1', 'Estante 3', 'disponivel');
    await copy(lullaby, music, 'RL-2', 'Partituras', 'disponivel');
    await copy(lullaby, music, 'RL-3', 'Partituras', 'disponivel');
    await copy(lullaby, music, 'RL-4', 'Partituras', 'emprestado');
    await copy(lullaby, central, 'RL-5', null, 'extraviado');
    await copy(maps, central, 'RL-6', 'Mapoteca', 'emprestado');

    const response = await get(`/api/vinculos/links-resultado?acervos=${[lullaby, maps, photos].join(',')}`);
    expect(response.statusCode).toBe(200);
    const answer = ResultLinksResponseSchema.parse(response.json());
    const of = (title: number) => answer.find((a) => a.cod_acervo === title)?.disponivel_em;
    // The place with most copies on the shelf comes first; lent and lost copies are not on the shelf.
    expect(of(lullaby)).toEqual([
      {
        cod_biblioteca: music,
        desc_biblioteca: 'Biblioteca de Música',
        localizacao: 'Partituras',
        numero_chamada: '784.3 B813w',
        quantidade: 2,
      },
      {
        cod_biblioteca: central,
        desc_biblioteca: 'Biblioteca Central',
        localizacao: 'Estante 3',
        numero_chamada: '784.3 B813w',
        quantidade: 1,
      },
    ]);
    expect(of(maps)).toEqual([]);
    expect(of(photos)).toEqual([]);
  });

  it('gives the cover of a title from /vinculos/imagem, the cover first and at most "limite" links', async () => {
    const psu = TitleImagesResponseSchema.parse(
      (await get(`/api/vinculos/imagem?cod_acervo=${id.get('19142604')}`)).json(),
    );
    expect(psu).toEqual([{ url: '9780399552656.jpg', descricao: 'Cover image', capa: true }]);

    const photos = id.get('fotos-1');
    const all = TitleImagesResponseSchema.parse(
      (await get(`/api/vinculos/imagem?cod_acervo=${photos}`)).json(),
    );
    expect(all).toEqual([
      { url: 'https://fotos.example.org/capa.jpg', descricao: 'Capa', capa: true },
      { url: 'https://fotos.example.org/fachada.jpg', descricao: 'Fachada', capa: false },
      { url: 'https://fotos.example.org/salao.png', descricao: 'Salão de leitura', capa: false },
      { url: 'https://fotos.example.org/mapa.gif', descricao: 'Planta', capa: false },
    ]);
    const two = TitleImagesResponseSchema.parse(
      (await get(`/api/vinculos/imagem?cod_acervo=${photos}&limite=2`)).json(),
    );
    expect(two.map((image) => image.url)).toEqual([
      'https://fotos.example.org/capa.jpg',
      'https://fotos.example.org/fachada.jpg',
    ]);
    const thangka = await get(`/api/vinculos/imagem?cod_acervo=${id.get('17591667')}`);
    expect(thangka.json()).toEqual([]);
  });

  it('answers 404 for an unknown title and 400 for a limit out of range', async () => {
    expect((await get('/api/vinculos/imagem?cod_acervo=999999')).statusCode).toBe(404);
    const photos = id.get('fotos-1');
    expect((await get(`/api/vinculos/imagem?cod_acervo=${photos}&limite=0`)).statusCode).toBe(400);
    expect((await get(`/api/vinculos/imagem?cod_acervo=${photos}&limite=51`)).statusCode).toBe(400);
  });

  it('passes on covers by ISBN from the provider the institution names, and 404 where it has none', async () => {
    // A stand-in provider on loopback: a cover for one ISBN, 404 for any other.
    const image = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(400, 7),
    ]);
    const asked: string[] = [];
    const provider: Server = createServer((request, response) => {
      asked.push(request.url ?? '');
      if (request.url === '/b/isbn/9788535902778-M.jpg') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(image);
      } else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    try {
      const withIsbn = id.get('fotos-1')!;
      const withOther = id.get('17631075')!;
      const without = id.get('18057321')!;
      await ctx.db.query('UPDATE title SET isbn = \'{"978-85-359-0277-8 (broch.)"}\' WHERE id = $1', [
        withIsbn,
      ]);
      await ctx.db.query("UPDATE title SET isbn = '{8535900004}' WHERE id = $1", [withOther]);
      await ctx.db.query("UPDATE title SET isbn = '{}' WHERE id = $1", [without]);
      const covers = async () =>
        Object.fromEntries(
          ResultLinksResponseSchema.parse(
            (
              await get(`/api/vinculos/links-resultado?acervos=${[withIsbn, withOther, without].join(',')}`)
            ).json(),
          ).map((line) => [line.cod_acervo, line.capa_isbn]),
        );
      const institution = async () =>
        InstitutionSchema.parse((await get('/api/parametros/instituicao')).json()).capa_isbn;

      // No provider named: no cover by ISBN.
      expect(await covers()).toEqual({ [withIsbn]: null, [withOther]: null, [without]: null });
      expect(await institution()).toBe(false);
      expect((await ctx.app.inject({ url: '/api/vinculos/capa-isbn/9788535902778' })).statusCode).toBe(404);

      await writeSetting(ctx.db, 'capa_isbn_url', `http://127.0.0.1:${port}/b/isbn/{isbn}-M.jpg`);
      expect(await institution()).toBe(true);
      expect(await covers()).toEqual({
        [withIsbn]: '/api/vinculos/capa-isbn/9788535902778',
        [withOther]: '/api/vinculos/capa-isbn/8535900004',
        [without]: null,
      });
      // Fetched by <img>, without a token.
      const found = await ctx.app.inject({ url: '/api/vinculos/capa-isbn/9788535902778' });
      expect(found.statusCode).toBe(200);
      expect(found.headers['content-type']).toBe('image/png');
      expect(found.rawPayload.equals(image)).toBe(true);
      const missing = await ctx.app.inject({ url: '/api/vinculos/capa-isbn/8535900004' });
      expect(missing.statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/api/vinculos/capa-isbn/85-359' })).statusCode).toBe(400);
      expect(asked).toEqual(['/b/isbn/9788535902778-M.jpg', '/b/isbn/8535900004-M.jpg']);
    } finally {
      await writeSetting(ctx.db, 'capa_isbn_url', null);
      await new Promise((resolve) => provider.close(resolve));
    }
  });
});
