import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, startSmtpServer } from './helpers';

/**
 * Forgot password end to end (SPEC §4, issue 5 browser tests): the catalogue sends the code to a
 * real SMTP server this spec starts on E2E_SMTP_PORT (scripts/test.mjs starts the catalogue with
 * SMTP_HOST=127.0.0.1 and SMTP_PORT set to it); the code is read from the e-mail.
 *
 * The patron is one no other spec signs in as (its password changes here): the demo's
 * gabriel.campos (apps/api/src/modules/seed/demo.ts).
 */
const PATRON = {
  login: 'gabriel.campos',
  email: 'gabriel.campos@demo.estante.example',
  firstName: 'Gabriel',
};

/** One e-mail as the SMTP server received it: envelope recipients and the raw message. */
/** The verification code in the plain-text part of the recovery e-mail ("…é: 123456"). */
function codeIn(raw: string): string {
  // Undo quoted-printable soft breaks; the code itself is plain digits.
  const text = raw.replace(/=\r?\n/g, '');
  const match = /criar uma nova senha no cat(?:=C3=A1|á)logo (?:=C3=A9|é): (\d{4,12})/.exec(text);
  if (!match?.[1]) throw new Error(`no code in the e-mail:\n${raw.slice(0, 2000)}`);
  return match[1];
}

const usernameField = (page: Page) => page.getByRole('textbox', { name: 'Usuário' });
const passwordField = (page: Page) => page.getByLabel(/^Senha/);

const smtpPort = Number(process.env.E2E_SMTP_PORT);

test.describe('forgot password with the code from the e-mail (SPEC §4)', () => {
  // One SMTP server on a fixed port: the steps run in one worker, in order.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  // A new password each run: the server refuses the last ones again.
  const newPassword = `Nova-Senha-${Date.now() % 1_000_000}`;

  test.beforeAll(async () => {
    if (!smtpPort) {
      throw new Error(
        'E2E_SMTP_PORT is not set: run the browser tests through `npm test`, or start the catalogue with SMTP_HOST=127.0.0.1 SMTP_PORT=<port> and pass E2E_SMTP_PORT=<port> (scripts/lib.mjs e2eEnvironment).',
      );
    }
    smtp = await startSmtpServer(smtpPort);
  });
  test.afterAll(async () => {
    await smtp?.close();
  });

  test('sends the code by e-mail, checks it, sets a new password, then signs in with it', async ({
    page,
  }) => {
    await page.goto('/login');
    await usernameField(page).fill(PATRON.login);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
    await expect(usernameField(page)).toHaveValue(PATRON.login);

    // Step 1: the user code; the e-mail goes out.
    const sentBefore = smtp.received.length;
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(
      page.getByText(new RegExp(`^${PATRON.firstName}, enviamos um código de verificação para`)),
    ).toBeVisible();
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBeGreaterThan(sentBefore);
    const mail = smtp.received[smtp.received.length - 1]!;
    expect(mail.to).toEqual([PATRON.email]);
    const code = codeIn(mail.raw);
    expect(await seriousViolations(page)).toEqual([]);

    // Step 2: a wrong code first (SPEC §8: the server message, and resend offered).
    const codeField = page.getByRole('textbox', { name: /^Código de verificação/ });
    const wrong = code === '0'.repeat(code.length) ? '1'.repeat(code.length) : '0'.repeat(code.length);
    await codeField.fill(wrong);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar novo código' })).toBeVisible();
    // The right code, checked as soon as it is complete.
    await codeField.fill(code);
    const newPasswordField = page.getByLabel(/^Nova senha/);
    await expect(newPasswordField).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Step 3: the new password, with the live checklist, and its confirmation.
    await newPasswordField.fill(newPassword);
    await page.getByLabel(/^Confirme a nova senha/).fill(newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();

    // Back to the sign-in form with the login filled in.
    await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();
    await expect(usernameField(page)).toHaveValue(PATRON.login);
    await passwordField(page).fill(newPassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
    await page.goto('/meupergamum');
    await expect(page.getByText('Bem-vindo(a), Gabriel Souza Campos')).toBeVisible();
  });

  test('the footer comment link asks a visitor to sign in; the new password signs in the modal, the pop-up returns', async ({
    page,
  }) => {
    // SPEC §5: sending a comment requires login; the pop-up prompts the visitor, whose button opens
    // the sign-in modal on the same page; once signed in, the comment pop-up is back with its form.
    await page.goto('/instituicao/horarios');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Enviar comentário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comentários' });
    await expect(dialog).toContainText(
      'Para enviar comentários ou sugestões é preciso entrar com sua conta.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    const modal = page.getByRole('dialog', { name: 'Entrar' });
    await expect(modal).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The password set by the recovery works; the one before it does not.
    await usernameField(page).fill(PATRON.login);
    await passwordField(page).fill('estante-gabriel-campos');
    await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(modal.getByRole('alert')).toContainText('Usuário ou senha incorretos.');
    await passwordField(page).fill(newPassword);
    await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/instituicao\/horarios$/);
    // Still on the page, the comment pop-up is back and now offers the form.
    await expect(
      page.getByRole('dialog', { name: 'Comentários' }).getByRole('combobox', { name: 'Campus' }),
    ).toBeVisible();
  });
});
