// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  clearPublicToken,
  getUserCredentials,
  onSessionExpired,
  onUserCredentialsRenewed,
  requestToken,
  setUserCredentials,
  type UserCredentials,
} from './api-client';

/**
 * SPEC §4 token refresh, driven through real fetch calls against a small OAuth server on loopback:
 * access tokens are valid until the test expires them, refresh tokens are single-use and rotated.
 */
interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, string> | null;
}

const server = {
  http: null as Server | null,
  origin: '',
  seen: [] as SeenRequest[],
  validAccess: new Set<string>(),
  activeRefresh: new Set<string>(),
  counter: 0,
  /** Milliseconds the token endpoint takes, so concurrent calls really overlap with it. */
  tokenDelayMs: 80,
  /** Paths that refuse every token. */
  alwaysRefused: new Set<string>(),
  refuseRefresh: false,
};

interface Ok {
  path: string;
  token: string;
}
/** The test server's answer: which path was served with which token. */
const OkSchema = {
  parse(data: unknown): Ok {
    const value = data as Partial<Ok>;
    if (typeof value.path !== 'string' || typeof value.token !== 'string') throw new Error('not an answer');
    return { path: value.path, token: value.token };
  },
};

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Record<string, string> | null> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, string>) : null;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const body = await readBody(req);
  server.seen.push({ path, authorization: req.headers.authorization, body });
  if (path === '/api/oauth/token') {
    await new Promise((resolve) => setTimeout(resolve, server.tokenDelayMs));
    const n = ++server.counter;
    if (body?.grant_type === 'client_credentials') {
      server.validAccess.add(`pub-${n}`);
      return reply(res, 200, {
        access_token: `pub-${n}`,
        token_type: 'bearer',
        expires_in: 600,
        scope: 'public',
      });
    }
    if (body?.grant_type === 'refresh_token') {
      const refresh = body.refresh_token ?? '';
      if (server.refuseRefresh || !server.activeRefresh.delete(refresh)) {
        return reply(res, 401, { message: 'Sessão expirada.', code: 'INVALID_GRANT' });
      }
      server.validAccess.add(`usr-${n}`);
      server.activeRefresh.add(`ref-${n}`);
      return reply(res, 200, {
        access_token: `usr-${n}`,
        token_type: 'bearer',
        expires_in: 600,
        refresh_token: `ref-${n}`,
        scope: 'user',
      });
    }
    return reply(res, 401, { message: 'Usuário ou senha incorretos.', code: 'INVALID_CREDENTIALS' });
  }
  const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  if (server.alwaysRefused.has(path) || !server.validAccess.has(token)) {
    return reply(res, 401, { message: 'Credenciais ausentes ou expiradas.', code: 'UNAUTHORIZED' });
  }
  return reply(res, 200, { path, token });
}

const grants = (type: string) =>
  server.seen.filter((r) => r.path === '/api/oauth/token' && r.body?.grant_type === type);
const callsTo = (path: string) => server.seen.filter((r) => r.path === path);

/** A signed-in patron whose access token the server no longer accepts, with a usable refresh token. */
function signedInWithStaleToken(overrides: Partial<UserCredentials> = {}): void {
  server.activeRefresh.add('ref-0');
  setUserCredentials({ token: 'usr-0', refresh: 'ref-0', expiresAt: Date.now() + 600_000, ...overrides });
}

beforeAll(async () => {
  const http = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.http = http;
  server.origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.http?.close(resolve));
});

beforeEach(() => {
  const realFetch = globalThis.fetch;
  // Real fetch, aimed at the loopback server instead of the page's origin (no page in this environment).
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    return realFetch(`${server.origin}${url.pathname}${url.search}`, init);
  });
  Object.assign(server, { seen: [], counter: 0, tokenDelayMs: 80, refuseRefresh: false });
  server.validAccess.clear();
  server.activeRefresh.clear();
  server.alwaysRefused.clear();
});

afterEach(() => {
  setUserCredentials(null);
  clearPublicToken();
});

describe('token refresh queue (SPEC §4)', () => {
  it('five concurrent calls refused with an old patron token share one refresh grant and all succeed', async () => {
    signedInWithStaleToken();
    const renewed = vi.fn();
    const stop = onUserCredentialsRenewed(renewed);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => apiGet(`/pessoas/${n}`, OkSchema, { auth: 'private' })),
    );
    stop();
    expect(grants('refresh_token')).toHaveLength(1);
    expect(grants('refresh_token')[0]?.body).toMatchObject({ refresh_token: 'ref-0', client_id: '4' });
    expect(results.map((r) => r.token)).toEqual(['usr-1', 'usr-1', 'usr-1', 'usr-1', 'usr-1']);
    // Each call was sent twice: once refused, once retried with the new token.
    for (const n of [1, 2, 3, 4, 5]) {
      expect(callsTo(`/api/pessoas/${n}`).map((r) => r.authorization)).toEqual([
        'Bearer usr-0',
        'Bearer usr-1',
      ]);
    }
    // The rotated refresh token replaces the old one, and the session is told once so it can store it.
    expect(getUserCredentials()).toMatchObject({ token: 'usr-1', refresh: 'ref-1' });
    expect(renewed).toHaveBeenCalledTimes(1);
    expect(renewed.mock.calls[0]?.[0]).toMatchObject({ token: 'usr-1', refresh: 'ref-1' });
  });

  it('a call made while the refresh is under way waits for it and goes out only with the new token', async () => {
    signedInWithStaleToken();
    server.tokenDelayMs = 200;
    const first = apiGet('/pessoas', OkSchema, { auth: 'private' });
    await vi.waitFor(() => expect(grants('refresh_token')).toHaveLength(1));
    const second = await apiGet('/pessoas/login', OkSchema, { auth: 'private' });
    await first;
    expect(second.token).toBe('usr-1');
    expect(callsTo('/api/pessoas/login').map((r) => r.authorization)).toEqual(['Bearer usr-1']);
    expect(grants('refresh_token')).toHaveLength(1);
  });

  it('renews a patron token that has run out before sending the call', async () => {
    signedInWithStaleToken({ expiresAt: Date.now() - 1 });
    const result = await apiGet('/pessoas', OkSchema, { auth: 'private' });
    expect(result.token).toBe('usr-1');
    expect(callsTo('/api/pessoas').map((r) => r.authorization)).toEqual(['Bearer usr-1']);
  });

  it('concurrent visitor calls refused with an old public token share one new client-credentials grant', async () => {
    await apiGet('/acervo/0', OkSchema).catch(() => undefined); // obtains pub-1
    server.validAccess.clear(); // the server forgets it (restart, new signing key)
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => apiGet(`/acervo/${n}`, OkSchema, { auth: 'public' })),
    );
    expect(grants('client_credentials')).toHaveLength(2);
    expect(grants('refresh_token')).toHaveLength(0);
    expect(new Set(results.map((r) => r.token))).toEqual(new Set(['pub-2']));
  });

  it('when the refresh grant is refused the session expires once, private calls end quietly and public ones go on', async () => {
    signedInWithStaleToken();
    server.refuseRefresh = true;
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    const [privateCall, mixedCall] = await Promise.allSettled([
      apiGet('/pessoas', OkSchema, { auth: 'private' }),
      apiGet('/acervo/1', OkSchema),
    ]);
    stop();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getUserCredentials()).toBeNull();
    expect(grants('refresh_token')).toHaveLength(1);
    // The central handler ignores cancelled calls: the session-expired warning is the only message.
    expect(privateCall).toMatchObject({ status: 'rejected', reason: { kind: 'cancelled' } });
    // A private-or-public call carries on as a visitor.
    expect(mixedCall).toMatchObject({ status: 'fulfilled', value: { path: '/api/acervo/1' } });
    expect((mixedCall as PromiseFulfilledResult<Ok>).value.token).toMatch(/^pub-/);
  });

  it('retries a call once only: refused again with the new token, it fails with that 401', async () => {
    signedInWithStaleToken();
    server.alwaysRefused.add('/api/pessoas');
    await expect(apiGet('/pessoas', OkSchema, { auth: 'private' })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
    });
    expect(callsTo('/api/pessoas')).toHaveLength(2);
    expect(grants('refresh_token')).toHaveLength(1);
  });

  it("never retries the token endpoint's own 401 (a wrong password is not a stale token)", async () => {
    signedInWithStaleToken();
    await expect(
      requestToken({ grant_type: 'password', client_id: '4', username: 'ana', password: 'errada' }),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(callsTo('/api/oauth/token')).toHaveLength(1);
    expect(getUserCredentials()).toMatchObject({ token: 'usr-0' });
  });

  it('keeps the session when the refresh cannot reach the server at all', async () => {
    signedInWithStaleToken();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/oauth/token')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : realFetch(input, init),
    );
    await expect(apiGet('/pessoas', OkSchema, { auth: 'private' })).rejects.toMatchObject({
      kind: 'network',
    });
    stop();
    expect(expired).not.toHaveBeenCalled();
    expect(getUserCredentials()).toMatchObject({ refresh: 'ref-0' });
  });

  it('a sign-out during the refresh wins: the new tokens are not kept and no expiry is announced', async () => {
    signedInWithStaleToken();
    server.tokenDelayMs = 200;
    const renewed = vi.fn();
    const expired = vi.fn();
    const stops = [onUserCredentialsRenewed(renewed), onSessionExpired(expired)];
    const call = apiGet('/pessoas', OkSchema, { auth: 'private' });
    await vi.waitFor(() => expect(grants('refresh_token')).toHaveLength(1));
    setUserCredentials(null); // the patron signs out while the grant is under way
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    for (const stop of stops) stop();
    expect(getUserCredentials()).toBeNull();
    expect(renewed).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });
});
