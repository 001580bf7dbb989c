import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

describe('POST /api/oauth/token', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('gives the portal (client 4) a public token that opens the catalogue', async () => {
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: '4' },
    });
    expect(token.statusCode).toBe(200);
    const body = token.json();
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    const search = await ctx.app.inject({
      url: '/api/consulta?termo=casmurro',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(search.statusCode).toBe(200);
  });

  it('accepts the token request as a form, as OAuth clients send it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=4',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toMatch(/^ey/);
  });

  it('refuses an unknown client', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: '99' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'INVALID_CLIENT' });
  });

  it('answers 401 to catalogue calls without a token or with a forged one', async () => {
    const none = await ctx.app.inject({ url: '/api/acervo/1' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const forged = await ctx.app.inject({
      url: '/api/acervo/1',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InB1YmxpYyJ9.x' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers error texts in the language of the language-code header', async () => {
    const pt = await ctx.app.inject({ url: '/api/acervo/1', headers: { idioma: '1' } });
    const en = await ctx.app.inject({ url: '/api/acervo/1', headers: { idioma: '5' } });
    const es = await ctx.app.inject({ url: '/api/acervo/1', headers: { idioma: '3' } });
    expect(pt.json().message).toBe('Credenciais ausentes ou expiradas.');
    expect(en.json().message).toBe('Missing or expired credentials.');
    expect(es.json().message).toBe('Credenciales ausentes o caducadas.');
  });
});
