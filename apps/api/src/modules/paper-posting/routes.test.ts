import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { PaperPostingRedirectSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { runInstitutionCommand, type CommandOutput } from '../institution/cli.ts';
import { readSettings } from '../institution/repository.ts';
import { verifyPaperPostingToken } from './token.ts';

const URL = '/api/pessoas/postagem-trabalho/redirect';
const KEY = 'repository-shared-key-0123456789-abcdef';
const ADDRESS = 'https://repositorio.demo.estante.example/deposito';

describe('paper posting hand-off (POST /api/pessoas/postagem-trabalho/redirect)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  const clock = testClock(new Date('2026-03-02T12:00:00Z'));
  let ana: Record<string, string>;
  let bruno: Record<string, string>;
  /** The token's issuer: the institution's acronym (the demo's own). */
  let issuer: string;
  const errors: string[] = [];
  const out: CommandOutput = { log: () => undefined, error: (line) => errors.push(line) };
  const settings = (...args: string[]) => runInstitutionCommand(ctx.db, ['set', ...args], out);
  const post = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: URL, headers });

  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
    ana = bearer((await signIn(ctx.app, 'ana', 'estante-ana')).access_token);
    bruno = bearer((await signIn(ctx.app, 'bruno', 'estante-bruno')).access_token);
    const acronym = (await readSettings(ctx.db))['sigla'];
    issuer = `estante:${typeof acronym === 'string' ? acronym : 'ESTANTE'}`;
  });
  afterAll(() => ctx.close());

  it('refuses with a translated 422 while the institution has not set the address and the key', async () => {
    const response = await post(ana);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'PAPER_POSTING_NOT_CONFIGURED',
      message: 'paperPosting.errors.notConfigured',
    });
    expect(await settings('postagem_trabalho_url', ADDRESS)).toBe(0);
    // The address alone is not enough: nothing could verify the token.
    expect((await post(ana)).statusCode).toBe(422);
  });

  it('the settings command refuses an address that is not a web address and a short key', async () => {
    expect(await settings('postagem_trabalho_url', 'javascript:alert(1)')).toBe(2);
    expect(await settings('postagem_trabalho_chave', 'short')).toBe(2);
    expect(errors.join('\n')).toContain('32');
    expect(await settings('postagem_trabalho_chave', KEY)).toBe(0);
  });

  it('hands the patron over: the address and a token naming them that verifies with the shared key', async () => {
    const response = await post(ana);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = PaperPostingRedirectSchema.parse(response.json());
    expect(answer.endereco).toBe(ADDRESS);
    expect(answer.expira_em).toBe('2026-03-02T12:05:00.000Z');
    const claims = await verifyPaperPostingToken(answer.token, { key: KEY, issuer, now: clock.now() });
    expect(claims).toMatchObject({
      sub: 'ana',
      name: 'Ana Beatriz Souza',
      category: '01',
      aud: 'estante:postagem-trabalho',
      iat: Date.parse('2026-03-02T12:00:00Z') / 1000,
      exp: Date.parse('2026-03-02T12:05:00Z') / 1000,
    });
    expect(typeof claims.jti).toBe('string');
    // Each patron's token names that patron only, and each token is a new one.
    const other = PaperPostingRedirectSchema.parse((await post(bruno)).json());
    expect(decodeJwt(other.token).sub).toBe('bruno');
    expect(decodeJwt(other.token).jti).not.toBe(claims.jti);
  });

  it('a token does not verify after five minutes, with another key, or for another audience', async () => {
    const { token } = PaperPostingRedirectSchema.parse((await post(ana)).json());
    const later = new Date(clock.now().getTime() + 301_000);
    await expect(verifyPaperPostingToken(token, { key: KEY, issuer, now: later })).rejects.toThrow(/exp/);
    await expect(
      verifyPaperPostingToken(token, { key: `${KEY}-other`, issuer, now: clock.now() }),
    ).rejects.toThrow(/signature/);
    await expect(
      verifyPaperPostingToken(token, { key: KEY, issuer: 'estante:OTHER', now: clock.now() }),
    ).rejects.toThrow(/iss/);
  });

  it('is for signed-in patrons holding the activity: 401 for visitors, 403 when it is turned off', async () => {
    expect((await post(bearer(await publicToken(ctx.app)))).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: URL })).statusCode).toBe(401);
    await ctx.db.query('UPDATE activity SET enabled = false WHERE code = 829');
    try {
      expect((await post(ana)).statusCode).toBe(403);
    } finally {
      await ctx.db.query('UPDATE activity SET enabled = true WHERE code = 829');
    }
  });

  it('turns off again when the address is removed', async () => {
    expect(await settings('postagem_trabalho_url', 'null')).toBe(0);
    expect((await post(ana)).statusCode).toBe(422);
  });
});
