import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SearchResponseSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

const FEED = '/api/consulta/novas-aquisicoes.atom';

/** The catalogue id at the end of an entry's link (…/acervo/123). */
const idOf = (url: string | null) => Number(/\/acervo\/(\d+)$/.exec(url ?? '')?.[1]);

describe('Atom feed of a new-acquisitions search (GET /api/consulta/novas-aquisicoes.atom)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  const fetchFeed = async (query = '') => {
    // No token, no language header: what a feed reader sends.
    const response = await ctx.app.inject({
      url: `${FEED}${query}`,
      headers: { host: 'biblioteca.example' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('is well-formed Atom that a feed reader reads, one entry per title acquired in the last 30 days', async () => {
    const response = await fetchFeed('?quantPag=100');
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = parseFeed(response.body);
    expect(feed.meta.type).toBe('atom');

    const { rows } = await ctx.db.query<{
      id: number;
      title: string;
      main_author: string | null;
      acquired_on: string;
    }>(
      `SELECT id, title, main_author, acquired_on::text FROM title
        WHERE acquired_on > current_date - 30 AND acquired_on <= current_date
        ORDER BY acquired_on DESC, id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(feed.items.map((item) => idOf(item.url))).toEqual(rows.map((r) => r.id));
    for (const [index, item] of feed.items.entries()) {
      const row = rows[index]!;
      expect(item.title).toBe(row.title);
      expect(item.url).toBe(`http://biblioteca.example/acervo/${row.id}`);
      expect(item.updated?.toISOString()).toBe(`${row.acquired_on}T00:00:00.000Z`);
      expect(item.authors.map((a) => a.name)).toEqual(row.main_author ? [row.main_author] : []);
      expect(item.description).toContain(`Adquirido em: ${row.acquired_on}`);
      expect(item.id).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(feed.items.length);
    // The feed is as new as its newest entry.
    expect(feed.updated?.toISOString()).toBe(`${rows[0]!.acquired_on}T00:00:00.000Z`);
    expect(feed.self).toBe(`http://biblioteca.example${FEED}?quantPag=100`);
    expect(feed.url).toBe('http://biblioteca.example/novas-aquisicoes?quantPag=100');
    expect(feed.title).toBe('Novas aquisições — Universidade Estante — Bibliotecas (demonstração)');
    expect(feed.language).toBe('pt-BR');
  });

  it('has the feed elements RFC 4287 requires: id, title, updated, and an author', async () => {
    const doc = new XMLParser({ ignoreAttributes: false }).parse((await fetchFeed()).body) as {
      feed: { '@_xmlns': string; id: string; title: unknown; updated: string; author: { name: string } };
    };
    expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(doc.feed.id).toMatch(/^urn:uuid:/);
    expect(doc.feed.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(doc.feed.author.name).toContain('Universidade Estante');
  });

  it('keeps the ids of the feed and of each title from one request to the next, whatever the language', async () => {
    const ids = (body: string) => {
      const doc = new XMLParser().parse(body) as { feed: { id: string; entry: { id: string }[] } };
      return [doc.feed.id, ...doc.feed.entry.map((e) => e.id)];
    };
    const first = ids((await fetchFeed('?opcao=dias:7')).body);
    expect(ids((await fetchFeed('?opcao=dias:7')).body)).toEqual(first);
    expect(ids((await fetchFeed('?opcao=dias:7&lang=en')).body)).toEqual(first);
    // Another search is another feed; its titles keep their ids.
    const other = ids((await fetchFeed('?opcao=dias:30')).body);
    expect(other[0]).not.toBe(first[0]);
    expect(other.slice(1)).toEqual(expect.arrayContaining(first.slice(1)));
  });

  it('follows the same search as the page: term, period and results', async () => {
    const query = 'termo=Supremo%20Tribunal%20Federal&opcao=dias:30&quantPag=100';
    const feed = parseFeed((await fetchFeed(`?${query}`)).body);
    const token = await publicToken(ctx.app);
    const page = SearchResponseSchema.parse(
      (
        await ctx.app.inject({
          url: `/api/consulta?${query}&search_tab=novas-aquisicoes`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(page.total).toBeGreaterThan(0);
    expect(feed.items.map((item) => idOf(item.url))).toEqual(page.data.map((h) => h.cod_acervo));
    expect(feed.title).toBe(
      'Novas aquisições: “Supremo Tribunal Federal” — Universidade Estante — Bibliotecas (demonstração)',
    );
  });

  it('speaks the language asked for', async () => {
    const feed = parseFeed((await fetchFeed('?lang=en&opcao=dias:7')).body);
    expect(feed.title).toMatch(/^New acquisitions — /);
    expect(feed.language).toBe('en');
    expect(feed.items[0]?.description).toContain('Acquired on:');
  });

  it('escapes what it writes: a title with markup characters stays text', async () => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `UPDATE title SET title = 'Tom & Jerry <b>"clássicos"</b>' WHERE acquired_on = current_date RETURNING id`,
    );
    const response = await fetchFeed('?opcao=dias:1');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = parseFeed(response.body);
    expect(feed.items.find((item) => idOf(item.url) === rows[0]!.id)?.title).toBe(
      'Tom & Jerry <b>"clássicos"</b>',
    );
  });

  it('answers an empty feed, still valid, when nothing matches', async () => {
    const response = await fetchFeed('?termo=zzzxxyqq');
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(parseFeed(response.body).items).toEqual([]);
  });

  it('refuses malformed options as the search does', async () => {
    const response = await ctx.app.inject({ url: `${FEED}?opcao=dias:abc` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });
});
