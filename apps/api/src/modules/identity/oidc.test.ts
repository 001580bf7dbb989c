import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OidcAuthorizeResponseSchema,
  OidcValidateResponseSchema,
  RECOVERY_PATHS,
  UserSessionSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { safeRedirect, type OidcOptions } from './oidc-service.ts';
import { readForm, startTestOidcProvider, TestBrowser, type TestOidcProvider } from './oidc-testing.ts';
import { addUser } from './users.ts';
import { bearer, refreshGrant, testClock } from './testing.ts';

/** The return address registered at the provider; the test hands that request to the app. */
const RETURN = 'http://estante.test/api/oidc/retorno';

const ACCOUNTS = {
  'ana.sso': { email: 'ana@demo.estante.example', name: 'Ana Beatriz Souza', claims: { matricula: 'ana' } },
  'bruno.sso': { email: 'Bruno@Demo.Estante.Example', claims: { matricula: 'bruno' } },
  stranger: { email: 'someone@elsewhere.example' },
  unverified: { email: 'carla@demo.estante.example', emailVerified: false },
  blocked: { email: 'bloqueado@demo.estante.example' },
};

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('OIDC single sign-on against a real provider (SPEC §7 /oidc/authorize, /oidc/validar)', () => {
  let idp: TestOidcProvider;
  let ctx: Ctx;
  let token: string;
  const clock = testClock(new Date());

  const options = (extra: Partial<OidcOptions> = {}): OidcOptions => ({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    redirectUri: RETURN,
    ...extra,
  });

  beforeAll(async () => {
    idp = await startTestOidcProvider({ redirectUri: RETURN, accounts: ACCOUNTS });
    ctx = await buildTestApp({ oidc: options(), clock });
    token = await publicToken(ctx.app);
    await addUser(ctx.db, {
      login: 'bloqueado',
      name: 'Bloqueado da Silva',
      email: 'bloqueado@demo.estante.example',
      category: '05',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await idp.close();
  });

  /** GET /oidc/authorize as the web calls it; answers the handle, the link and the browser cookie. */
  async function authorize(app: Ctx['app'], query: Record<string, string>) {
    const response = await app.inject({
      url: `/api${RECOVERY_PATHS.oidcAuthorize}?${new URLSearchParams(query)}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    return { ...OidcAuthorizeResponseSchema.parse(response.json()), cookie, headers: response.headers };
  }

  /**
   * Opens the provider link in a browser, signs in there as `account` (and consents), and hands the
   * provider's return to the app with `cookie` (the browser's, or another's). Answers the app's reply.
   */
  async function signOnAtProvider(
    app: Ctx['app'],
    link: string,
    account: string,
    cookie: string,
    options: { abort?: boolean } = {},
  ) {
    const browser = new TestBrowser();
    const isReturn = (url: URL) => url.href.startsWith(RETURN);
    let step = await browser.follow(new URL(link), isReturn);
    while (!('stoppedAt' in step)) {
      expect(step.status, step.page.slice(0, 300)).toBe(200);
      if (options.abort) {
        const abort = /href="([^"]*\/abort)"/.exec(step.page)?.[1];
        expect(abort).toBeDefined();
        step = await browser.follow(new URL(abort!, step.url), isReturn);
        continue;
      }
      const form = readForm(step.page, step.url);
      if (form.fields['prompt'] === 'login') {
        form.fields['login'] = account;
        form.fields['password'] = 'typed at the provider';
      }
      step = await browser.follow(form.action, isReturn, { form: form.fields });
    }
    const back = step.stoppedAt;
    return app.inject({ url: back.pathname + back.search, headers: cookie ? { cookie } : {} });
  }

  const validate = (app: Ctx['app'], nonce: string) =>
    app.inject({
      method: 'POST',
      url: `/api${RECOVERY_PATHS.oidcValidate}`,
      headers: bearer(token),
      payload: { nonce },
    });

  it('signs a patron in end to end: authorize, provider sign-in and consent, return, validar', async () => {
    const started = await authorize(ctx.app, { login: 'ana@demo.estante.example', redirect: '/acervo/1' });
    expect(started.headers['cache-control']).toBe('no-store');
    expect(started.cookie).toMatch(/^estante_oidc=[\w-]{40,}$/);
    expect(String(started.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const link = new URL(started.link);
    expect(link.origin).toBe(idp.issuer);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: RETURN,
      response_type: 'code',
      code_challenge_method: 'S256',
      login_hint: 'ana@demo.estante.example',
      scope: 'openid email profile',
    });
    expect(link.searchParams.get('state')).toBeTruthy();
    // The handle the web trades for tokens never travels through the provider.
    expect(started.link).not.toContain(started.nonce);

    const returned = await signOnAtProvider(ctx.app, started.link, 'ana.sso', started.cookie);
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe('/oauth-response');

    const done = await validate(ctx.app, started.nonce);
    expect(done.statusCode, done.body).toBe(200);
    const tokens = OidcValidateResponseSchema.parse(done.json());
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'user', redirect: '/acervo/1' });
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(tokens.access_token) });
    expect(UserSessionSchema.parse(session.json()).user).toMatchObject({
      login: 'ana',
      nome_pessoa: 'Ana Beatriz Souza',
    });
    // The session is an ordinary one: the refresh grant renews it.
    expect((await refreshGrant(ctx.app, tokens.refresh_token!)).statusCode).toBe(200);

    // The handle works once.
    const again = await validate(ctx.app, started.nonce);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: 'recoveryRules.oidcInvalidNonce',
      code: 'OIDC_INVALID_NONCE',
    });
  });

  it('matches the e-mail without regard to case, and drops a redirect that would leave the site', async () => {
    const started = await authorize(ctx.app, { redirect: 'https://evil.example/steal' });
    expect(new URL(started.link).searchParams.has('login_hint')).toBe(false);
    await signOnAtProvider(ctx.app, started.link, 'bruno.sso', started.cookie);
    const done = OidcValidateResponseSchema.parse((await validate(ctx.app, started.nonce)).json());
    expect(done.redirect).toBeNull();
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(done.access_token) });
    expect(session.json().user.login).toBe('bruno');
  });

  it('refuses a return in a browser other than the one that started (a link sent to a victim)', async () => {
    const started = await authorize(ctx.app, {});
    const returned = await signOnAtProvider(ctx.app, started.link, 'ana.sso', '');
    expect(returned.statusCode).toBe(302);
    const refused = await validate(ctx.app, started.nonce);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'recoveryRules.oidcFailed', code: 'OIDC_FAILED' });
  });

  it('answers user not found when the provider names nobody the library knows', async () => {
    const started = await authorize(ctx.app, {});
    await signOnAtProvider(ctx.app, started.link, 'stranger', started.cookie);
    const refused = await validate(ctx.app, started.nonce);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'recoveryRules.oidcUserNotFound',
      code: 'OIDC_USER_NOT_FOUND',
    });
  });

  it('does not trust an e-mail the provider has not verified', async () => {
    const started = await authorize(ctx.app, {});
    await signOnAtProvider(ctx.app, started.link, 'unverified', started.cookie);
    expect((await validate(ctx.app, started.nonce)).json().code).toBe('OIDC_USER_NOT_FOUND');
  });

  it('answers 422 when the person cancels at the provider', async () => {
    const started = await authorize(ctx.app, {});
    const returned = await signOnAtProvider(ctx.app, started.link, 'ana.sso', started.cookie, {
      abort: true,
    });
    expect(returned.statusCode).toBe(302);
    expect((await validate(ctx.app, started.nonce)).json().code).toBe('OIDC_FAILED');
  });

  it('answers 430 for a patron whose password is blocked, as the password grant does', async () => {
    const started = await authorize(ctx.app, {});
    await signOnAtProvider(ctx.app, started.link, 'blocked', started.cookie);
    const refused = await validate(ctx.app, started.nonce);
    expect(refused.statusCode).toBe(430);
    expect(refused.json().code).toBe('ACESSO_BLOQUEADO');
  });

  it('refuses an unknown handle, one not returned yet, and one that expired', async () => {
    expect((await validate(ctx.app, 'made-up')).json().code).toBe('OIDC_INVALID_NONCE');
    const pending = await authorize(ctx.app, {});
    expect((await validate(ctx.app, pending.nonce)).json().code).toBe('OIDC_INVALID_NONCE');
    await signOnAtProvider(ctx.app, pending.link, 'ana.sso', pending.cookie);
    clock.advance(601);
    token = await publicToken(ctx.app);
    expect((await validate(ctx.app, pending.nonce)).json().code).toBe('OIDC_INVALID_NONCE');
  });

  it('maps another claim to logins when the institution says so (OIDC_LOGIN_CLAIM)', async () => {
    const other = await buildTestApp({ oidc: options({ loginClaim: 'matricula' }) });
    try {
      token = await publicToken(other.app);
      const started = await authorize(other.app, {});
      await signOnAtProvider(other.app, started.link, 'bruno.sso', started.cookie);
      const done = OidcValidateResponseSchema.parse((await validate(other.app, started.nonce)).json());
      const session = await other.app.inject({ url: '/api/pessoas', headers: bearer(done.access_token) });
      expect(session.json().user.login).toBe('bruno');
    } finally {
      await other.close();
      token = await publicToken(ctx.app);
    }
  });

  it('lists the recovery and single sign-on calls in the API documentation', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/oidc/authorize',
        '/api/oidc/retorno',
        '/api/oidc/validar',
        '/api/pessoas/{login}/recuperar-senha',
      ]),
    );
  });

  it('needs a token to start or finish, as every call of the portal', async () => {
    expect((await ctx.app.inject({ url: '/api/oidc/authorize' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/oidc/validar', payload: { nonce: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('OIDC when the institution has not configured it', () => {
  it('answers 422 OIDC_UNAVAILABLE to authorize and validar', async () => {
    const ctx = await buildTestApp();
    try {
      const token = await publicToken(ctx.app);
      const start = await ctx.app.inject({ url: '/api/oidc/authorize', headers: bearer(token) });
      expect(start.statusCode).toBe(422);
      expect(start.json()).toMatchObject({
        message: 'recoveryRules.oidcUnavailable',
        code: 'OIDC_UNAVAILABLE',
      });
      const finish = await ctx.app.inject({
        method: 'POST',
        url: '/api/oidc/validar',
        headers: bearer(token),
        payload: { nonce: 'x' },
      });
      expect(finish.json().code).toBe('OIDC_UNAVAILABLE');
    } finally {
      await ctx.close();
    }
  });
});

describe('the redirect kept for after sign-on', () => {
  it('is an application path only', () => {
    expect(safeRedirect('/meupergamum')).toBe('/meupergamum');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
