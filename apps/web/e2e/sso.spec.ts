import { expect, test } from '@playwright/test';
import { startTestOidcProvider } from '../../api/src/modules/identity/oidc-testing';
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
const startProvider = (baseURL: string) =>
  startTestOidcProvider({
    redirectUri: new URL('/api/oidc/retorno', baseURL).toString(),
    accounts: { [ACCOUNT.id]: { email: ACCOUNT.email } },
    port: oidcPort,
    client: { id: clientId, secret: clientSecret },
  });

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
