import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../router';
import { createConfiguredQueryClient, renderRoutes, loadLazyRoutes } from '../../testing/render';
import { buildUserSession, stubIdentityApi } from '../../testing/identity';
import { buildInstitution } from '../../testing/factories';
import { getFunctionalitiesQueryOptions } from '../../features/chrome/api/get-functionalities';
import { getInstitutionQueryOptions } from '../../features/chrome/api/get-institution';
import { clearSession, getSession, saveSession, sessionWritten } from '../../features/identity/utils/session';
import { STORAGE_KEYS } from '../../config/env';
import { browserWindow } from '../../features/identity/utils/leave-page';
import { i18n } from '../../lib/i18n';

// The record, personal-area and staff screens are lazy routes: load their code before the tests wait.
beforeAll(() => loadLazyRoutes(routes));

// The machine running the suite is shared; typing into the form takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** A configuration with the personal area (activity 8) offered. */
function clientWithPersonalArea(catalogueFirst = true) {
  const client = createConfiguredQueryClient();
  client.setQueryData(getFunctionalitiesQueryOptions().queryKey, [
    { cod_atividade: 8, descricao: 'Área pessoal' },
  ]);
  client.setQueryData(
    getInstitutionQueryOptions().queryKey,
    buildInstitution({ denominacao_login: 'Matrícula', destino_padrao_login_catalogo: catalogueFirst }),
  );
  return client;
}

async function signInOnPage(username = 'ana', password = 'estante-ana') {
  await userEvent.type(await screen.findByRole('textbox', { name: /^Matrícula|^Usuário/ }), username);
  await userEvent.type(screen.getByLabelText(/^Senha/, { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

afterEach(async () => {
  await clearSession();
});

describe('/login (SPEC §2)', () => {
  it('is a full page with a heading, the institution login label and no destination when a return path is set', async () => {
    renderRoutes(routes, { route: '/login?redirect=%2Facervo%2F1', queryClient: clientWithPersonalArea() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Matrícula' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('returns to the page in ?redirect= after signing in', async () => {
    stubIdentityApi();
    const { router } = renderRoutes(routes, {
      route: '/login?redirect=%2Fcesta',
      queryClient: clientWithPersonalArea(),
    });
    await signInOnPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cesta'));
    expect(getSession()?.user.login).toBe('ana');
  });

  it('never sends the patron to another site from ?redirect=', async () => {
    stubIdentityApi();
    const { router } = renderRoutes(routes, {
      route: '/login?redirect=%2F%2Fevil.example%2F',
      queryClient: clientWithPersonalArea(),
    });
    // A redirect that is not one of ours counts as none: the destination choice is offered.
    expect(await screen.findByRole('radiogroup', { name: 'Depois de entrar, ir para' })).toBeTruthy();
    await signInOnPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes to the personal area when that destination is chosen', async () => {
    stubIdentityApi();
    const { router } = renderRoutes(routes, { route: '/login', queryClient: clientWithPersonalArea() });
    await userEvent.click(await screen.findByRole('radio', { name: 'Minha conta' }));
    await signInOnPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/meupergamum'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeTruthy();
  });

  it('sends a patron who is already signed in straight on', async () => {
    await saveSession({
      ...buildUserSession(),
      credentials: { token: 't', refresh: 'r', expiresAt: Date.now() + 600_000 },
      persistent: false,
    });
    const { router } = renderRoutes(routes, { route: '/login?redirect=%2Fcesta' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cesta'));
  });
});

describe('guarded personal area (SPEC §2 /meupergamum)', () => {
  it('sends a visitor to the login and, after signing in, back with the patron named', async () => {
    stubIdentityApi();
    const { router } = renderRoutes(routes, {
      route: '/meupergamum/app',
      queryClient: clientWithPersonalArea(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fmeupergamum%2Fapp');
    await signInOnPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/meupergamum/app'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeTruthy();
    expect(await screen.findByText('Bem-vindo(a), Ana Beatriz Souza')).toBeTruthy();
  });
});

describe('/sair (SPEC §2)', () => {
  it('forgets the session everywhere, revokes the refresh token and returns to the catalogue', async () => {
    const api = stubIdentityApi();
    await saveSession({
      ...buildUserSession(),
      credentials: { token: 't', refresh: 'refresh-to-revoke', expiresAt: Date.now() + 600_000 },
      persistent: true,
    });
    await sessionWritten();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeTruthy();
    const { router } = renderRoutes(routes, { route: '/sair' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(api.calls.find((call) => call.path === '/api/oauth/revoke')?.body).toMatchObject({
      token: 'refresh-to-revoke',
      token_type_hint: 'refresh_token',
    });
  });
});

describe('/sair after an institutional single sign-on (SPEC §3 logout links)', () => {
  function clientWithLogoutLinks() {
    const client = createConfiguredQueryClient();
    client.setQueryData(getFunctionalitiesQueryOptions().queryKey, []);
    client.setQueryData(
      getInstitutionQueryOptions().queryKey,
      buildInstitution({
        link_logout_OIDC: 'https://sso.example.edu/logout',
        link_logout_saml: 'https://idp.example.edu/slo',
      }),
    );
    return client;
  }

  it("ends an OIDC sign-on at the institution's OIDC logout link", async () => {
    stubIdentityApi();
    const leaveTo = vi.spyOn(browserWindow, 'leaveTo').mockImplementation(() => undefined);
    await saveSession({
      ...buildUserSession(),
      credentials: { token: 't', refresh: 'r', expiresAt: Date.now() + 600_000 },
      persistent: false,
      signedInWith: 'oidc',
    });
    renderRoutes(routes, { route: '/sair', queryClient: clientWithLogoutLinks() });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://sso.example.edu/logout'));
    expect(getSession()).toBeNull();
    leaveTo.mockRestore();
  });

  it('ends a SAML sign-on at the SAML logout link, and a password sign-in stays in the catalogue', async () => {
    stubIdentityApi();
    const leaveTo = vi.spyOn(browserWindow, 'leaveTo').mockImplementation(() => undefined);
    const session = {
      ...buildUserSession(),
      credentials: { token: 't', refresh: 'r', expiresAt: Date.now() + 600_000 },
      persistent: false,
    };
    await saveSession({ ...session, signedInWith: 'saml' });
    const saml = renderRoutes(routes, { route: '/sair', queryClient: clientWithLogoutLinks() });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://idp.example.edu/slo'));
    saml.unmount();
    leaveTo.mockClear();
    await saveSession({ ...session, signedInWith: 'password' });
    const { router } = renderRoutes(routes, { route: '/sair', queryClient: clientWithLogoutLinks() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(leaveTo).not.toHaveBeenCalled();
    leaveTo.mockRestore();
  });
});

describe('/oauth-response (SPEC §2 single sign-on return)', () => {
  it('finishes the sign-on started in this tab and goes back where it started', async () => {
    const api = stubIdentityApi();
    api.state.signOnRedirect = '/acervo/3';
    sessionStorage.setItem('estante.signOn', JSON.stringify({ nonce: 'sign-on-1', rememberMe: false }));
    const { router } = renderRoutes(routes, { route: '/oauth-response' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acervo/3'));
    expect(getSession()).toMatchObject({ user: { login: 'ana' }, persistent: false, signedInWith: 'oidc' });
    expect(api.calls.find((call) => call.path === '/api/oidc/validar')?.body).toEqual({ nonce: 'sign-on-1' });
    // The handle is used once.
    expect(sessionStorage.getItem('estante.signOn')).toBeNull();
  });

  it('says the sign-on cannot be finished when none was started here, with the way back to the login', async () => {
    stubIdentityApi();
    renderRoutes(routes, { route: '/oauth-response' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      i18n.t('recoveryRules.oidcInvalidNonce'),
    );
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
    expect(getSession()).toBeNull();
  });
});
