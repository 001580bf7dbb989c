import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, type PageConfiguration } from '@estante/contract';
import { buildTestApp, publicToken, TEST_DB_KIND } from '../../testing/build-test-app.ts';

// Issue 14 "An HTTP layer ready for production": headers, status codes and operations calls.

/** A built web app in miniature: index.html, one hashed asset with its precompressed copies, a favicon. */
function fakeWebDist(): { root: string; asset: string; assetText: string } {
  const root = mkdtempSync(join(tmpdir(), 'estante-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><title>Estante</title><meta name="description" content="Catálogo"><div id="root"></div>',
  );
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest names each language's first texts (decision 0069) by the chunk it built.
  mkdirSync(join(root, '.vite'));
  writeFileSync(
    join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      '../../packages/i18n/src/locales/pt.json?part=first': { file: 'assets/pt-Ab12Cd34.js' },
      '../../packages/i18n/src/locales/pt.json?part=rest': { file: 'assets/pt-Zz99Yy88.js' },
      '../../packages/i18n/src/locales/en.json?part=first': { file: 'assets/en-Ef56Gh78.js' },
      '../../packages/i18n/src/locales/es.json?part=first': { file: 'assets/es-Ij90Kl12.js' },
      'index.html': { file: 'assets/index-CPWkYM1S.js' },
      'src/app/routes/title.tsx': {
        file: 'assets/title-Mn34Op56.js',
        imports: ['index.html', '_Table-Qr78St90.js'],
      },
      '_Table-Qr78St90.js': { file: 'assets/Table-Qr78St90.js', imports: ['index.html'] },
    }),
  );
  const assetText = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const asset = 'assets/index-CPWkYM1S.js';
  writeFileSync(join(root, asset), assetText);
  writeFileSync(join(root, `${asset}.br`), brotliCompressSync(assetText));
  writeFileSync(join(root, `${asset}.gz`), gzipSync(assetText));
  return { root, asset, assetText };
}

describe('the HTTP layer', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let web: ReturnType<typeof fakeWebDist>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    web = fakeWebDist();
    ctx = await buildTestApp({
      webDist: web.root,
      sitemapPageSize: 2,
      metricsToken: 'metrics-token-0123456789',
      // A reverse proxy at 10.0.0.1 is trusted (TRUST_PROXY): only its X-Forwarded-Proto counts.
      trustProxy: ['10.0.0.1'],
    });
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(web.root, { recursive: true, force: true });
  });

  describe('security headers', () => {
    it('sends a CSP that allows the app, VLibras and reCAPTCHA only, and the other headers, on pages and API', async () => {
      for (const url of ['/', '/api/parametros/abas-pesquisa']) {
        const response = await ctx.app.inject({ url });
        const csp = response.headers['content-security-policy'] as string;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' https:\/\/vlibras\.gov\.br /);
        expect(csp).toContain('https://www.google.com/recaptcha/');
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('adds HSTS when the catalogue is reached over HTTPS (through a trusted proxy that says so)', async () => {
      const response = await ctx.app.inject({
        url: '/',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // Anyone else saying "https" is not believed (the connection itself is plain HTTP).
      const untrusted = await ctx.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('request ids', () => {
    it('answers every request with an id in X-Request-Id, and keeps a sane one the caller sent', async () => {
      const fresh = await ctx.app.inject({ url: '/api/health' });
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const given = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-42.a' } });
      expect(given.headers['x-request-id']).toBe('proxy-42.a');
      const odd = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b<script>' } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('puts the request id in every error body, which still parses as the contract error', async () => {
      for (const request of [
        { url: '/api/no-such-call' },
        { url: '/api/acervo/999999999', headers },
        { url: '/api/consulta?termo=a&quantPag=1000', headers },
        { url: '/api/acervo/1' },
      ]) {
        const response = await ctx.app.inject(request);
        expect(response.statusCode, request.url).toBeGreaterThanOrEqual(400);
        const body = ApiErrorSchema.parse(response.json());
        expect(body.requestId, request.url).toBe(response.headers['x-request-id']);
      }
    });
  });

  describe('compression and caching', () => {
    it('compresses API answers with brotli or gzip, as the browser accepts', async () => {
      const plain = await ctx.app.inject({ url: '/api/consulta?termo=a', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await ctx.app.inject({
        url: '/api/consulta?termo=a',
        headers: { ...headers, 'accept-encoding': 'br, gzip' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      // The same answer but for the search's own id.
      expect({ ...JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')), id: '' }).toEqual({
        ...plain.json(),
        id: '',
      });
      const gz = await ctx.app.inject({
        url: '/api/consulta?termo=a',
        headers: { ...headers, 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
    });

    it('serves the precompressed copy of a hashed asset, cached for a year; the HTML is never cached', async () => {
      const br = await ctx.app.inject({ url: `/${web.asset}`, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(web.assetText);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const gz = await ctx.app.inject({ url: `/${web.asset}`, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await ctx.app.inject({ url: `/${web.asset}` });
      expect(plain.body).toBe(web.assetText);

      for (const url of ['/', '/index.html', '/acervo/1', '/favicon.svg']) {
        const page = await ctx.app.inject({ url });
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
    });
  });

  describe('status of the web app addresses', () => {
    it('loads the app with 200 on its routes and with 404 elsewhere (it shows its not-found screen)', async () => {
      const known = [
        '/',
        '/login',
        '/geral',
        '/ebooks',
        '/acervo/12',
        '/acervo/12/marc',
        '/acervo/12/exemplares/',
        '/autoridade/3/marc',
        '/meupergamum/emprestimos',
        '/instituicao/horarios',
        '/cesta?x=1',
      ];
      for (const url of known) {
        const response = await ctx.app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/text\/html/);
      }
      const unknown = [
        '/no-such-page',
        '/acervo/abc',
        '/acervo/12/nothing',
        '/login/extra',
        '/assets/gone-12345678.js',
      ];
      for (const url of unknown) {
        const response = await ctx.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/text\/html/);
        expect(response.body, url).toContain('<div id="root">');
      }
      const api = await ctx.app.inject({ url: '/api/no-such-call' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('robots.txt and sitemap.xml', () => {
    it('answers robots.txt as text, pointing to the sitemap at the address the visitor used', async () => {
      const response = await ctx.app.inject({
        url: '/robots.txt',
        headers: { host: 'biblioteca.example.org' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toContain('User-agent: *');
      expect(response.body).toContain('Disallow: /api/');
      expect(response.body).toContain('Sitemap: http://biblioteca.example.org/sitemap.xml');
    });

    it("indexes paged sitemaps that list every record's page once", async () => {
      const titles = (await ctx.db.query<{ id: number }>('SELECT id FROM title ORDER BY id')).rows.map(
        (r) => r.id,
      );
      expect(titles.length).toBeGreaterThan(2);
      const index = await ctx.app.inject({ url: '/sitemap.xml', headers: { host: 'bib.example.org' } });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      const pages = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(pages.length).toBe(Math.ceil(titles.length / 2));
      expect(pages[0]).toBe('http://bib.example.org/sitemap-1.xml');
      const listed: string[] = [];
      for (const page of pages) {
        const response = await ctx.app.inject({
          url: new URL(page).pathname,
          headers: { host: 'bib.example.org' },
        });
        expect(response.statusCode, page).toBe(200);
        expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        const urls = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
        expect(urls.length).toBeLessThanOrEqual(2);
        listed.push(...urls);
      }
      expect(listed).toEqual(titles.map((id) => `http://bib.example.org/acervo/${id}`));
      const beyond = await ctx.app.inject({ url: `/sitemap-${pages.length + 1}.xml` });
      expect(beyond.statusCode).toBe(404);
    });
  });

  describe('health, readiness and metrics', () => {
    it('answers health and readiness with 200 while the database answers and is migrated', async () => {
      const health = await ctx.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', processo: process.pid });
      const ready = await ctx.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });
    });

    it('exposes request counts by route pattern and status, latencies and search answers to loopback', async () => {
      await ctx.app.inject({ url: '/api/acervo/1', headers });
      await ctx.app.inject({ url: '/api/acervo/2', headers });
      for (let i = 0; i < 2; i++) await ctx.app.inject({ url: '/api/consulta?termo=Machado', headers });
      const response = await ctx.app.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.body;
      expect(text).toMatch(
        /estante_http_requests_total\{method="GET",route="\/api\/acervo\/:id",status_code="200"\} 2\n/,
      );
      expect(text).not.toContain('route="/api/acervo/1"');
      expect(text).toMatch(
        /estante_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/acervo\/:id",status_code="200"\}/,
      );
      expect(text).toMatch(/estante_search_answers_total\{source="keptPage"\} [1-9]/);
      expect(text).toContain('process_resident_memory_bytes');
      if (TEST_DB_KIND === 'postgres')
        expect(text).toMatch(/estante_db_pool_connections\{state="total"\} [1-9]/);
      else expect(text).not.toContain('estante_db_pool_connections');
    });

    it('refuses /metrics through a proxy or from another host, unless given METRICS_TOKEN', async () => {
      const proxied = await ctx.app.inject({
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(403);
      const remote = await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(403);
      const wrong = await ctx.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer metrics-token-0123456780' },
      });
      expect(wrong.statusCode).toBe(403);
      const withToken = await ctx.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(withToken.statusCode).toBe(200);
    });
  });

  describe('the configuration every page asks first (issue 18)', () => {
    it('answers with an ETag the browser revalidates: unchanged, an empty 304; changed, the new answer', async () => {
      const calls = ['instituicao', 'funcionalidades', 'abas-pesquisa', 'autoatendimento', 'imagem-padrao'];
      for (const name of calls) {
        const url = name === 'imagem-padrao' ? '/api/consulta/imagem-padrao' : `/api/parametros/${name}`;
        const first = await ctx.app.inject({ url, headers });
        expect(first.statusCode, url).toBe(200);
        expect(first.headers['cache-control'], url).toBe('private, no-cache');
        expect(first.headers['vary'], url).toMatch(/idioma/);
        const etag = first.headers['etag'] as string;
        expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
        const again = await ctx.app.inject({ url, headers: { ...headers, 'if-none-match': etag } });
        expect(again.statusCode, url).toBe(304);
        expect(again.body, url).toBe('');
      }
      const before = await ctx.app.inject({ url: '/api/parametros/instituicao', headers });
      await ctx.db.query(
        `UPDATE institution_setting SET value = to_jsonb('Outra Biblioteca'::text) WHERE key = 'nome'`,
      );
      const after = await ctx.app.inject({
        url: '/api/parametros/instituicao',
        headers: { ...headers, 'if-none-match': before.headers['etag'] as string },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers['etag']).not.toBe(before.headers['etag']);
    });
  });

  describe('the configuration written into the page (issue 18, decision 0076)', () => {
    /** The JSON data block of a page, parsed. */
    const pageConfiguration = (html: string) => {
      const blocks = [
        ...html.matchAll(/<script type="application\/json" id="estante-configuracao">([\s\S]*?)<\/script>/g),
      ];
      expect(blocks).toHaveLength(1);
      return JSON.parse(blocks[0]![1]!) as PageConfiguration;
    };

    it('carries what the four configuration calls answer, with a public token that works', async () => {
      const answer = async (path: string, language = '1') =>
        (
          await ctx.app.inject({ url: `/api/parametros/${path}`, headers: { ...headers, idioma: language } })
        ).json();
      for (const url of ['/', '/acervo/1', '/meupergamum/emprestimos', '/no-such-page']) {
        const page = await ctx.app.inject({ url });
        expect(page.headers['cache-control'], url).toBe('no-cache');
        const configuration = pageConfiguration(page.body);
        expect(configuration.language, url).toBe('pt');
        expect(configuration.institution, url).toEqual(await answer('instituicao'));
        expect(configuration.functionalities, url).toEqual(await answer('funcionalidades'));
        expect(configuration.searchTabs, url).toEqual(await answer('abas-pesquisa'));
        expect(configuration.selfService, url).toEqual(await answer('autoatendimento'));
        expect(configuration.token.expires_in, url).toBeGreaterThan(60);
        const withPageToken = await ctx.app.inject({
          url: '/api/parametros/instituicao',
          headers: { authorization: `Bearer ${configuration.token.access_token}` },
        });
        expect(withPageToken.statusCode, url).toBe(200);
      }
      // A page asked for in English describes the functionalities in English, as the call would.
      const english = pageConfiguration((await ctx.app.inject({ url: '/?lang=en' })).body);
      expect(english.language).toBe('en');
      expect(english.functionalities).toEqual(await answer('funcionalidades', '5'));
      expect(english.functionalities).not.toEqual(await answer('funcionalidades', '1'));
    });

    it("carries the home page's sections in the page's language and its default cover, as their calls answer", async () => {
      const call = async (path: string, language: string) =>
        (await ctx.app.inject({ url: `/api${path}`, headers: { ...headers, idioma: language } })).json();
      // The test database has the demo institution's two sections, in pt, en and es.
      const portuguese = pageConfiguration((await ctx.app.inject({ url: '/' })).body);
      expect(portuguese.homeSections.secao_1.titulo).toMatch(/^Bem-vindo/);
      expect(portuguese.homeSections.secao_1).toEqual(await call('/parametros/secao_1', '1'));
      expect(portuguese.homeSections.secao_2).toEqual(await call('/parametros/secao_2', '1'));
      expect(portuguese.defaultImage).toEqual(await call('/consulta/imagem-padrao', '1'));
      const cover = await ctx.app.inject({ url: portuguese.defaultImage.url });
      expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);

      const english = pageConfiguration(
        (await ctx.app.inject({ url: '/acervo/1', headers: { cookie: 'estante-idioma=en' } })).body,
      );
      expect(english.language).toBe('en');
      expect(english.homeSections.secao_1.titulo).toMatch(/^Welcome/);
      expect(english.homeSections.secao_1).toEqual(await call('/parametros/secao_1', '5'));
      expect(english.homeSections.secao_2).toEqual(await call('/parametros/secao_2', '5'));
    });

    it("preloads the page's first texts, in the page's language: ?lang, else the cookie, else pt", async () => {
      const preloads = (html: string) =>
        [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      const cases = [
        { url: '/', cookie: undefined, texts: '/assets/pt-Ab12Cd34.js', language: 'pt' },
        {
          url: '/',
          cookie: 'tema=escuro; estante-idioma=en',
          texts: '/assets/en-Ef56Gh78.js',
          language: 'en',
        },
        {
          url: '/acervo/1?lang=es',
          cookie: 'estante-idioma=en',
          texts: '/assets/es-Ij90Kl12.js',
          language: 'es',
        },
        { url: '/?lang=xx', cookie: 'estante-idioma=zz', texts: '/assets/pt-Ab12Cd34.js', language: 'pt' },
      ];
      for (const { url, cookie, texts, language } of cases) {
        const html = (await ctx.app.inject({ url, headers: cookie ? { cookie } : {} })).body;
        expect(preloads(html), `${url} ${cookie}`).toEqual([texts]);
        expect(pageConfiguration(html).language, `${url} ${cookie}`).toBe(language);
      }
      // Only the first texts: the rest, and a record page's code, load after the first paint.
      expect(preloads((await ctx.app.inject({ url: '/acervo/1/exemplares' })).body)).toEqual([
        '/assets/pt-Ab12Cd34.js',
      ]);
    });

    it('keeps a value with a closing script tag inside the data block', async () => {
      const name = 'Biblioteca </script><script>alert(1)</script> <!-- \u2028';
      await ctx.db.query(`UPDATE institution_setting SET value = to_jsonb($1::text) WHERE key = 'nome'`, [
        name,
      ]);
      const html = (await ctx.app.inject({ url: '/' })).body;
      expect(html).not.toContain('alert(1)</script>');
      expect(html).not.toContain('<!--');
      expect(pageConfiguration(html).institution.nome).toBe(name);
    });
  });

  describe('record pages for crawlers and link previews (issue 18)', () => {
    /** The `content` of a meta tag, decoded as a parser would. */
    const metaContent = (html: string, attribute: string, key: string) =>
      new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"[^>]*>`)
        .exec(html)?.[1]
        ?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    const jsonLd = (html: string) => {
      const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      return JSON.parse(scripts[0]![1]!) as Record<string, unknown>;
    };

    it("writes a demo title's title, description, canonical address, Open Graph and JSON-LD into its page", async () => {
      const [row] = (
        await ctx.db.query<{ id: number }>(
          'SELECT id FROM title WHERE cardinality(isbn) > 0 AND main_author IS NOT NULL ORDER BY id LIMIT 1',
        )
      ).rows;
      const record = (await ctx.app.inject({ url: `/api/acervo/${row!.id}`, headers })).json() as {
        titulo: string;
        autor: string;
        isbn: string[];
        ano_publicacao: number;
        idioma: string;
      };
      const page = await ctx.app.inject({
        url: `/acervo/${row!.id}/exemplares`,
        headers: { host: 'opac.example' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = page.body;
      expect(html).toContain('<div id="root"></div>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      // The record's description replaces the catalogue's own: one description, the record's.
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<title>${record.titulo} — ${record.autor}</title>`);
      expect(metaContent(html, 'name', 'description')).toContain(record.autor);
      expect(html).toContain(`<link rel="canonical" href="http://opac.example/acervo/${row!.id}">`);
      expect(metaContent(html, 'property', 'og:title')).toBe(record.titulo);
      expect(metaContent(html, 'property', 'og:type')).toBe('book');
      expect(metaContent(html, 'property', 'og:url')).toBe(`http://opac.example/acervo/${row!.id}`);
      expect(metaContent(html, 'property', 'og:description')).toBe(metaContent(html, 'name', 'description'));
      expect(metaContent(html, 'property', 'og:image')).toBeUndefined();
      expect(jsonLd(html)).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Book',
        name: record.titulo,
        author: [{ '@type': 'Person', name: record.autor }],
        datePublished: String(record.ano_publicacao),
        isbn: record.isbn[0],
        inLanguage: record.idioma === 'por' ? 'pt' : expect.any(String),
        publisher: { '@type': 'Organization', name: expect.any(String) },
      });
    });

    it('escapes a title with quotes and a closing script tag, and names the cover', async () => {
      const title = 'Fim </script><script>alert(1)</script> "aspas" & <b>';
      const [row] = (
        await ctx.db.query<{ id: number }>(
          `UPDATE title SET title = $1, title_statement = $1, cover_url = '/capas/1.jpg'
            WHERE id = (SELECT min(id) FROM title) RETURNING id`,
          [title],
        )
      ).rows;
      const html = (await ctx.app.inject({ url: `/acervo/${row!.id}`, headers: { host: 'opac.example' } }))
        .body;
      expect(html).not.toContain('alert(1)</script>');
      expect(html).not.toContain('<b>');
      expect(metaContent(html, 'property', 'og:title')).toBe(title);
      expect(metaContent(html, 'property', 'og:image')).toBe('http://opac.example/capas/1.jpg');
      expect(jsonLd(html)).toMatchObject({ name: title, image: 'http://opac.example/capas/1.jpg' });
    });

    it('answers an id with no record with the not-found status and no record tags', async () => {
      const [row] = (await ctx.db.query<{ next: number }>('SELECT max(id) + 1000 AS next FROM title')).rows;
      for (const url of [`/acervo/${row!.next}`, '/acervo/99999999999', '/acervo/0']) {
        const page = await ctx.app.inject({ url });
        expect(page.statusCode, url).toBe(404);
        expect(page.body, url).toContain('<title>Estante</title>');
        expect(page.body, url).not.toContain('og:title');
      }
    });
  });
});

describe('readiness when the database is not ready', () => {
  it('answers 503 while a migration is not applied, and when the database does not answer', async () => {
    const ctx = await buildTestApp({ empty: true });
    try {
      const [last] = (
        await ctx.db.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY name DESC LIMIT 1')
      ).rows;
      await ctx.db.query('DELETE FROM schema_migration WHERE name = $1', [last!.name]);
      const pending = await ctx.app.inject({ url: '/api/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({ code: 'MIGRATIONS_PENDING' });
      expect(pending.json().message).toContain(last!.name);
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      await ctx.db.query('INSERT INTO schema_migration (name) VALUES ($1)', [last!.name]);
      expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const ctx = await buildTestApp({ empty: true });
    await ctx.db.close();
    try {
      const down = await ctx.app.inject({ url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.app.close();
    }
  });
});
