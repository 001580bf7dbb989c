import { expect, test, type Page } from '@playwright/test';
import { changePageConfiguration, openHome, search, seriousViolations } from './helpers';

/** Demo login (apps/api/src/modules/seed/demo.ts, README "Demo library"). */
const ANA = { login: 'ana', password: 'estante-ana', name: 'Ana Beatriz Souza' };

const usernameField = (page: Page) => page.getByRole('textbox', { name: 'Usuário' });
// A password input has no role; its label starts with "Senha" (the show/hide button says "Mostrar senha").
const passwordField = (page: Page) => page.getByLabel(/^Senha/);

async function signIn(page: Page, { rememberMe = false, password = ANA.password } = {}): Promise<void> {
  await usernameField(page).fill(ANA.login);
  await passwordField(page).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Manter-me conectado' }).check();
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** The guarded personal area shows the patron's name; a visitor is sent to the login instead. */
async function expectPersonalArea(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/meupergamum$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(page.getByText(`Bem-vindo(a), ${ANA.name}`)).toBeVisible();
}

async function expectSentToLogin(page: Page): Promise<void> {
  await page.goto('/meupergamum');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmeupergamum$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
}

test.describe('sign-in (SPEC §2 /login, §4 login state)', () => {
  // Signing in hashes a password (Argon2id) on a machine shared with other suites: allow for it.
  test.describe.configure({ timeout: 60_000 });

  test('full-page login with keep-me-logged-in comes back to the personal area and survives a reload', async ({
    page,
  }) => {
    await expectSentToLogin(page);
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, { rememberMe: true });
    await expectPersonalArea(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await expectPersonalArea(page);
    // Nothing readable is kept: the stored login state is encrypted.
    const stored = await page.evaluate(() => localStorage.getItem('estante.session'));
    expect(stored).toBeTruthy();
    expect(stored).not.toContain(ANA.name);
  });

  test('a session-only login is gone in a new browser context', async ({ page, browser }) => {
    await expectSentToLogin(page);
    await signIn(page);
    await expectPersonalArea(page);
    await page.reload();
    await expectPersonalArea(page);

    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await expectSentToLogin(other);
    } finally {
      await context.close();
    }
  });

  test('a wrong password shows the SPEC message, clears the password and keeps the username', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, { password: 'not-the-password' });
    await expect(page.getByRole('alert')).toContainText('Usuário ou senha incorretos.');
    await expect(passwordField(page)).toHaveValue('');
    await expect(passwordField(page)).toBeFocused();
    await expect(usernameField(page)).toHaveValue(ANA.login);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    await passwordField(page).fill('segredo');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
  });

  test('forgot password opens the recovery with the username typed, and leads back', async ({ page }) => {
    await page.goto('/login');
    await usernameField(page).fill(ANA.login);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
    await expect(usernameField(page)).toHaveValue(ANA.login);
    await expect(page.getByRole('button', { name: 'Enviar código' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Voltar para o login' }).click();
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  });

  test('logout at /sair forgets the patron, also after a reload, and returns to the catalogue', async ({
    page,
  }) => {
    await expectSentToLogin(page);
    await signIn(page, { rememberMe: true });
    await expectPersonalArea(page);
    await page.goto('/sair');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('estante.session'))).toBeNull();
    await page.reload();
    await expectSentToLogin(page);
  });

  test('"place hold" on a record signs a visitor in through the modal and comes back to the hold dialog', async ({
    page,
  }) => {
    // "Budapeste": its one copy is away (held for another patron), so a hold is offered (decision 0070).
    await openHome(page);
    await search(page, 'Budapeste', 'titulo');
    await page.getByRole('list').getByRole('link', { name: 'Budapeste', exact: true }).first().click();
    const heading = page.getByRole('heading', { level: 1, name: 'Budapeste' });
    await expect(heading).toBeVisible();
    const recordUrl = page.url();
    await page.getByRole('button', { name: 'Reservar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Usuário' }).fill(ANA.login);
    await dialog.getByLabel(/^Senha/).fill(ANA.password);
    await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Reservar «Budapeste»' })).toBeVisible();
    expect(page.url()).toBe(recordUrl);
    await expect(heading).toBeVisible();
    await expect(page.getByText(`Olá, ${ANA.name.split(' ')[0]}`)).toBeVisible();
  });

  test('with person lookup, asks the username first, then the person and the password', async ({ page }) => {
    // The demo institution signs in in one step; this institution setting turns person lookup on for
    // this page only (the server's answers are the real ones).
    await changePageConfiguration(page, ({ institution }) => {
      institution.login_consulta_pessoa = true;
    });
    await page.goto('/login');
    await expect(passwordField(page)).toHaveCount(0);
    // The alias shared by the two demo Gabriels names two people.
    await usernameField(page).fill('souza@demo.estante.example');
    await page.getByRole('button', { name: 'Continuar' }).click();
    const people = page.getByRole('radiogroup', { name: /^Pessoa/ });
    await expect(people.getByRole('radio')).toHaveCount(2);
    await expect(passwordField(page)).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Usar outro usuário' }).click();
    await expect(usernameField(page)).toBeFocused();
    await usernameField(page).fill(ANA.login);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(passwordField(page)).toBeFocused();
    await expect(page.getByRole('radiogroup', { name: /^Pessoa/ })).toHaveCount(0);
    await passwordField(page).fill(ANA.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByText(`Olá, ${ANA.name.split(' ')[0]}`)).toBeVisible();
  });
});
