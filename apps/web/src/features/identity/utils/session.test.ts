import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../config/env';
import { UserSessionSchema } from '@estante/contract';
import { apiGet, getUserCredentials, setUserCredentials } from '../../../lib/api-client';
import { jsonResponse } from '../../../testing/render';
import { buildUserSession } from '../../../testing/identity';
import { seal, unseal } from './credential-vault';
import {
  clearSession,
  connectSession,
  getSession,
  hasUserSession,
  restoreSession,
  saveSession,
  sessionWritten,
  type Session,
} from './session';

const buildSession = (persistent: boolean): Session => ({
  ...buildUserSession(),
  credentials: { token: 'access-1', refresh: 'refresh-1', expiresAt: Date.now() + 600_000 },
  persistent,
});

/** Simulates a reload: the page's memory is gone, only browser storage remains. */
async function reload(): Promise<Session | null> {
  setUserCredentials(null);
  return restoreSession();
}

afterEach(async () => {
  await clearSession();
});

describe('login state (SPEC §4)', () => {
  it('with remember-me survives a reload from localStorage, tokens included', async () => {
    await saveSession(buildSession(true));
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeTruthy();
    const restored = await reload();
    expect(restored).toMatchObject({ user: { login: 'ana' }, persistent: true });
    expect(hasUserSession()).toBe(true);
    // The API client carries the restored patron token again.
    expect(getUserCredentials()).toMatchObject({ token: 'access-1', refresh: 'refresh-1' });
  });

  it('without remember-me lives in sessionStorage only, so a new browser session starts signed out', async () => {
    await saveSession(buildSession(false));
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    sessionStorage.clear(); // what a new tab or window starts with
    expect(await reload()).toBeNull();
    expect(hasUserSession()).toBe(false);
  });

  it('keeps only the latest sign-in: signing in again without remember-me drops the persisted one', async () => {
    await saveSession(buildSession(true));
    await saveSession(buildSession(false));
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toBeTruthy();
  });

  it('stores nothing readable: the tokens and the name are sealed with AES-GCM', async () => {
    await saveSession(buildSession(true));
    const stored = localStorage.getItem(STORAGE_KEYS.session) ?? '';
    expect(stored).not.toContain('access-1');
    expect(stored).not.toContain('refresh-1');
    expect(stored).not.toContain('Ana');
    expect(JSON.parse((await unseal(stored)) ?? '{}')).toMatchObject({
      credentials: { refresh: 'refresh-1' },
    });
  });

  it('drops a stored session it cannot decrypt instead of trusting it', async () => {
    localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ credentials: { token: 'forged', refresh: 'x', expiresAt: 1 }, ...buildUserSession() }),
    );
    expect(await reload()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('drops a sealed value that is not a session', async () => {
    localStorage.setItem(STORAGE_KEYS.session, await seal(JSON.stringify({ user: 'ana' })));
    expect(await reload()).toBeNull();
  });

  it('drops a sealed session whose user or permissions are off the contract, keeping a well-formed one', async () => {
    const credentials = { token: 'access-1', refresh: 'refresh-1', expiresAt: Date.now() + 600_000 };
    const good = buildUserSession();
    const malformed = [
      { ...good, user: { ...good.user, cod_pessoa: 'one' } },
      { ...good, authPermissions: [{ cod_modulo: 1 }] },
      { ...good, bloqueio: 'no' },
    ];
    for (const session of malformed) {
      localStorage.setItem(STORAGE_KEYS.session, await seal(JSON.stringify({ ...session, credentials })));
      expect(await reload()).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    }
    localStorage.setItem(STORAGE_KEYS.session, await seal(JSON.stringify({ ...good, credentials })));
    expect(await reload()).toMatchObject({ user: good.user, credentials, persistent: true });
  });

  it('logout clears both stores and the API client, even while a write is under way', async () => {
    void saveSession(buildSession(true));
    await clearSession();
    await sessionWritten();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(getSession()).toBeNull();
    expect(getUserCredentials()).toBeNull();
  });
});

/** A token endpoint that answers the refresh grant (or refuses it), and a GET /pessoas that accepts any token. */
function stubRefresh(refuse = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/oauth/token') {
        const body = JSON.parse(String(init?.body)) as Record<string, string>;
        if (refuse || body.grant_type !== 'refresh_token') {
          return jsonResponse({ message: 'Sessão expirada.', code: 'INVALID_GRANT' }, 401);
        }
        return jsonResponse({
          access_token: 'access-2',
          token_type: 'bearer',
          expires_in: 600,
          refresh_token: 'refresh-2',
          scope: 'user',
        });
      }
      return jsonResponse(buildUserSession());
    }),
  );
}

const expiredToken = (persistent: boolean): Session => ({
  ...buildSession(persistent),
  credentials: { token: 'access-1', refresh: 'refresh-1', expiresAt: Date.now() - 1 },
});

describe('connectSession', () => {
  it('stores renewed tokens where the old ones were', async () => {
    stubRefresh();
    const disconnect = connectSession(() => {});
    await saveSession(expiredToken(false));
    await apiGet('/pessoas', UserSessionSchema, { auth: 'private' });
    await sessionWritten();
    disconnect();
    expect(getSession()?.credentials).toMatchObject({ token: 'access-2', refresh: 'refresh-2' });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    const restored = await reload();
    expect(restored?.credentials).toMatchObject({ token: 'access-2', refresh: 'refresh-2' });
    expect(restored?.persistent).toBe(false);
  });

  it('on a refused refresh clears the session, then warns once', async () => {
    stubRefresh(true);
    const warned = vi.fn(() => expect(getSession()).toBeNull());
    const disconnect = connectSession(warned);
    await saveSession(expiredToken(true));
    await Promise.allSettled([
      apiGet('/pessoas', UserSessionSchema, { auth: 'private' }),
      apiGet('/pessoas', UserSessionSchema, { auth: 'private' }),
    ]);
    await sessionWritten();
    disconnect();
    expect(warned).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(await reload()).toBeNull();
  });

  it('follows a logout made in another tab', async () => {
    const disconnect = connectSession(() => {});
    await saveSession(buildSession(true));
    await sessionWritten();
    // The other tab removes the persisted session; this tab hears of it through a storage event.
    localStorage.removeItem(STORAGE_KEYS.session);
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.session, newValue: null, storageArea: localStorage }),
    );
    await vi.waitFor(() => expect(getSession()).toBeNull());
    disconnect();
    expect(getUserCredentials()).toBeNull();
  });
});
