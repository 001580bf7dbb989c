import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import { routes } from '../router';
import { jsonResponse, renderRoutes, loadLazyRoutes } from '../../testing/render';
import { stubIdentityApi } from '../../testing/identity';
import { clearSession, getSession } from '../../features/identity/utils/session';
import { i18n } from '../../lib/i18n';

// The record, personal-area and staff screens are lazy routes: load their code before the tests wait.
beforeAll(() => loadLazyRoutes(routes));

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  await clearSession();
});

/** The identity stand-in, with POST /saml/validar answering for one known answer as the server does. */
function stubSaml(knownAnswer: string, redirect: string | null) {
  const api = stubIdentityApi();
  const identityFetch = globalThis.fetch;
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input)).pathname !== '/api/saml/validar') return identityFetch(input, init);
    const body = JSON.parse(String(init?.body)) as { saml: string };
    posted.push(body);
    if (body.saml !== knownAnswer)
      return jsonResponse({ message: 'recoveryRules.samlInvalid', code: 'SAML_INVALID' }, 422);
    // The stand-in's own password grant issues a token pair its GET /pessoas knows.
    const grant = await identityFetch('http://localhost/api/oauth/token', {
      method: 'POST',
      body: JSON.stringify({
        grant_type: 'password',
        client_id: '4',
        username: 'ana',
        password: 'estante-ana',
      }),
    });
    return jsonResponse({ ...((await grant.json()) as object), redirect });
  });
  return { api, posted };
}

describe('/saml-response (SPEC §2 SAML single sign-on return)', () => {
  it('posts the answer handed over in the fragment, starts the session and goes back where it started', async () => {
    const { posted } = stubSaml('PHNhbWw+', '/acervo/3');
    const { router } = renderRoutes(routes, { route: '/saml-response#saml=PHNhbWw%2B' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acervo/3'));
    expect(posted).toEqual([{ saml: 'PHNhbWw+' }]);
    expect(getSession()).toMatchObject({ user: { login: 'ana' }, persistent: false });
  });

  it('says the sign-on cannot be finished when the answer is refused, with the way back to the login', async () => {
    stubSaml('PHNhbWw+', null);
    renderRoutes(routes, { route: '/saml-response#saml=c29tZXRoaW5nLWVsc2U%3D' });
    expect((await screen.findByRole('alert')).textContent).toContain(i18n.t('recoveryRules.samlInvalid'));
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
    expect(getSession()).toBeNull();
  });

  it('refuses without calling the server when no answer came with the address', async () => {
    const { posted } = stubSaml('PHNhbWw+', null);
    renderRoutes(routes, { route: '/saml-response' });
    expect((await screen.findByRole('alert')).textContent).toContain(i18n.t('recoveryRules.samlInvalid'));
    expect(posted).toEqual([]);
  });
});
