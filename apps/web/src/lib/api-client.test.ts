import { describe, expect, it, vi } from 'vitest';
import { TitleSchema } from '@estante/contract';
import { z } from 'zod';
import { apiDelete, apiGet, ApiError, ensurePublicToken } from './api-client';
import { i18n } from './i18n';
import { buildTitle } from '../testing/factories';
import { jsonResponse } from '../testing/render';

const tokenAnswer = (token: string) =>
  jsonResponse({ access_token: token, token_type: 'bearer', expires_in: 3600, scope: 'public' });

function recordingFetch(answer: (url: URL, init: RequestInit | undefined, call: number) => Response) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    return answer(url, init, calls.length);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string>)[name];

describe('api client', () => {
  it('fetches the public token with client id 4 and sends it with the language code', async () => {
    await i18n.changeLanguage('en');
    const calls = recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token') ? tokenAnswer('t1') : jsonResponse(buildTitle()),
    );
    const title = await apiGet('/acervo/1', TitleSchema);
    expect(title.titulo).toBe('Dom Casmurro');
    expect(calls[0]?.url.pathname).toBe('/api/oauth/token');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: '4',
    });
    expect(calls[1]?.url.pathname).toBe('/api/acervo/1');
    expect(headerOf(calls[1]?.init, 'Authorization')).toBe('Bearer t1');
    expect(headerOf(calls[1]?.init, 'idioma')).toBe('5');
  });

  it('sends language code 3 for Spanish and 1 for Portuguese', async () => {
    const calls = recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token') ? tokenAnswer('t') : jsonResponse(buildTitle()),
    );
    await apiGet('/acervo/1', TitleSchema);
    expect(headerOf(calls[1]?.init, 'idioma')).toBe('1');
    await i18n.changeLanguage('es');
    await apiGet('/acervo/1', TitleSchema);
    expect(headerOf(calls[2]?.init, 'idioma')).toBe('3');
  });

  it('reuses the token for later calls', async () => {
    const calls = recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token') ? tokenAnswer('t') : jsonResponse(buildTitle()),
    );
    await Promise.all([apiGet('/acervo/1', TitleSchema), apiGet('/acervo/2', TitleSchema)]);
    await apiGet('/acervo/3', TitleSchema);
    expect(calls.filter((c) => c.url.pathname.endsWith('/oauth/token'))).toHaveLength(1);
  });

  it('on a 401 fetches a new public token once and retries the call', async () => {
    let tokens = 0;
    const calls = recordingFetch((url, init) => {
      if (url.pathname.endsWith('/oauth/token')) return tokenAnswer(`t${++tokens}`);
      return headerOf(init, 'Authorization') === 'Bearer t1'
        ? jsonResponse({ message: 'Credenciais ausentes ou expiradas.', code: 'UNAUTHORIZED' }, 401)
        : jsonResponse(buildTitle());
    });
    await expect(apiGet('/acervo/1', TitleSchema)).resolves.toMatchObject({ cod_acervo: 1 });
    expect(calls.map((c) => c.url.pathname)).toEqual([
      '/api/oauth/token',
      '/api/acervo/1',
      '/api/oauth/token',
      '/api/acervo/1',
    ]);
  });

  it('gives up after one retry when the new token is refused too', async () => {
    recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token')
        ? tokenAnswer('t')
        : jsonResponse({ message: 'no', code: 'UNAUTHORIZED' }, 401),
    );
    await expect(apiGet('/acervo/1', TitleSchema)).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('turns an error answer into an ApiError with its status, code and message', async () => {
    recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token')
        ? tokenAnswer('t')
        : jsonResponse({ message: 'Registro não encontrado.', code: 'NOT_FOUND' }, 404),
    );
    const error = await apiGet('/acervo/999', TitleSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      code: 'NOT_FOUND',
      message: 'Registro não encontrado.',
    });
  });

  it('refuses an answer that does not match the contract', async () => {
    recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token') ? tokenAnswer('t') : jsonResponse({ titulo: 42 }),
    );
    await expect(apiGet('/acervo/1', TitleSchema)).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('loads a schema given as a loader alongside the call, and still refuses an answer off-contract', async () => {
    recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token')
        ? tokenAnswer('t')
        : jsonResponse(url.pathname.endsWith('/1') ? buildTitle() : { titulo: 42 }),
    );
    const loader = vi.fn(() => import('@estante/contract/schemas/title').then((m) => m.TitleSchema));
    await expect(apiGet('/acervo/1', loader)).resolves.toMatchObject({ titulo: 'Dom Casmurro' });
    const error = await apiGet('/acervo/2', loader).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('fails as the network when a schema cannot be loaded, and an error answer wins over the loader', async () => {
    recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token')
        ? tokenAnswer('t')
        : url.pathname.endsWith('/1')
          ? jsonResponse(buildTitle())
          : jsonResponse({ message: 'Registro não encontrado.', code: 'NOT_FOUND' }, 404),
    );
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(apiGet('/acervo/1', unreachable)).rejects.toMatchObject({ kind: 'network', status: null });
    await expect(apiGet('/acervo/2', unreachable)).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it("reads an error body only when it has the contract's error shape", async () => {
    const bodies: unknown[] = [
      { message: 'Registro não encontrado.', code: 'NOT_FOUND', requestId: 'r-1' },
      { message: 'Registro não encontrado.', code: 404 },
      { message: 'Registro não encontrado.', code: 'NOT_FOUND', requestId: 7 },
      ['NOT_FOUND'],
      null,
    ];
    let answer = 0;
    recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token')
        ? tokenAnswer('t')
        : new Response(JSON.stringify(bodies[answer++]), { status: 404, statusText: 'Not Found' }),
    );
    const codes: [string | null, string][] = [];
    for (let call = 0; call < bodies.length; call += 1) {
      const error = (await apiGet('/acervo/1', TitleSchema).catch((e: unknown) => e)) as ApiError;
      codes.push([error.code, error.message]);
    }
    expect(codes).toEqual([
      ['NOT_FOUND', 'Registro não encontrado.'],
      [null, 'Not Found'],
      [null, 'Not Found'],
      [null, 'Not Found'],
      [null, 'Not Found'],
    ]);
  });

  it('reads a 204 answer (a deletion) as no body, and refuses it where a body was expected', async () => {
    recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token') ? tokenAnswer('t') : new Response(null, { status: 204 }),
    );
    await expect(apiDelete('/comentarios/usuario/1', z.null())).resolves.toBeNull();
    await expect(apiGet('/acervo/1', TitleSchema)).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('reports a network failure as having no response', async () => {
    await ensurePublicToken().catch(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/acervo/1', TitleSchema)).rejects.toMatchObject({ kind: 'network', status: null });
  });

  it('reports an aborted call as cancelled', async () => {
    recordingFetch(() => tokenAnswer('t'));
    await ensurePublicToken();
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(apiGet('/acervo/1', TitleSchema, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });

  it('leaves empty query values out of the URL', async () => {
    const calls = recordingFetch((url) =>
      url.pathname.endsWith('/oauth/token') ? tokenAnswer('t') : jsonResponse([]),
    );
    await apiGet(
      '/acervo/1/exemplares',
      { parse: (d: unknown) => d },
      { query: { cod_unidade: null, a: 'x', b: undefined } },
    );
    expect(calls[1]?.url.search).toBe('?a=x');
  });
});
