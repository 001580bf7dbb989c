import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import Provider from 'oidc-provider';
import { seriousViolations } from './helpers';

/**
 * OIDC single sign-on end to end (SPEC §2/§4, issue 5 browser tests) against a real OpenID
 * provider (`oidc-provider`) this spec starts on E2E_OIDC_PORT. scripts/test.mjs starts the
 * catalogue with OIDC_ISSUER pointing there and usaOIDC on; the catalogue discovers the provider
 * on the first sign-on (and again after a failure), so the provider only has to be up before the
 * button is clicked.
 */
const oidcPort = Number(process.env.E2E_OIDC_PORT);
const clientId = process.env.E2E_OIDC_CLIENT_ID ?? '';
const clientSecret = process.env.E2E_OIDC_CLIENT_SECRET ?? '';

/** The provider's person: their e-mail claim names the demo patron bruno (OIDC_LOGIN_CLAIM email). */
const ACCOUNT = { id: 'bruno.sso', email: 'bruno@demo.estante.example', patronName: 'Bruno Carvalho Lima' };

/** Starts the provider with the catalogue as its one client, returning to `${baseURL}/api/oidc/retorno`. */
async function startProvider(baseURL: string) {
  const issuer = `http://127.0.0.1:${oidcPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [new URL('/api/oidc/retorno', baseURL).toString()],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['e2e-cookie-key-not-secret'] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    // The development sign-in and consent pages: the test fills them in as a person would.
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      if (id !== ACCOUNT.id) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email: ACCOUNT.email, email_verified: true }) };
    },
  });
  const server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(oidcPort, '127.0.0.1', () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.describe('single sign-on with OIDC (SPEC §2 SSO button, /oauth-response)', () => {
  // One provider on a fixed port: the steps run in one worker, in order.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  let provider: Awaited<ReturnType<typeof startProvider>> | undefined;

  test.beforeAll(async ({ baseURL }) => {
    if (!oidcPort || !clientId || !baseURL) {
      throw new Error(
        'E2E_OIDC_PORT and E2E_OIDC_CLIENT_ID/SECRET are not set: run the browser tests through `npm test` (scripts/lib.mjs e2eEnvironment).',
      );
    }
    provider = await startProvider(baseURL);
  });
  test.afterAll(async () => {
    await provider?.close();
  });

  test('signs a patron in through the institution provider and returns to the personal area', async ({
    page,
  }) => {
    await page.goto('/meupergamum');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmeupergamum$/);
    const button = page.getByRole('button', { name: 'Entrar com login institucional' });
    await expect(button).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await button.click();

    // The provider's own sign-in and consent pages.
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${oidcPort}/`));
    await page.locator('input[name="login"]').fill(ACCOUNT.id);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();

    // Back through /api/oidc/retorno and /oauth-response to the page asked for, signed in.
    await expect(page).toHaveURL(/\/meupergamum$/, { timeout: 20_000 });
    await expect(page.getByText(`Bem-vindo(a), ${ACCOUNT.patronName}`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a username without "@" is a local login: the button asks for the password instead', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Usuário' }).fill('bruno');
    await page.getByRole('button', { name: 'Entrar com login institucional' }).click();
    await expect(
      page.getByText('Este usuário entra com senha: digite sua senha e clique em Entrar.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel(/^Senha/)).toBeFocused();
  });
});
