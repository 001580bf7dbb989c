import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * Two-step verification against the real server (decisions 0010, 0015): turned on in the personal
 * area with a code computed here from the secret the page shows, then asked at sign-in, then turned
 * off. scripts/test.mjs offers it in the browser-test catalogue (`dois_fatores`); the demo patron
 * gabriel.costa is signed in by no other spec (the staff journey gives him a role and takes it away).
 */
const PATRON = { login: 'gabriel.costa', password: 'estante-gabriel-costa', name: 'Gabriel Souza Costa' };

/** RFC 4648 base32 → bytes (the secret as authenticator apps take it). */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The app's code now (RFC 6238: SHA-1, 30 s, six digits), as an authenticator app computes it. */
function appCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto('/meupergamum');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmeupergamum$/);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(PATRON.login);
  await page.getByLabel(/^Senha/).fill(PATRON.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test.describe('two-step verification with an authenticator app', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('is turned on in the personal area, asked at sign-in, and turned off with the password', async ({
    page,
  }) => {
    await signInWithPassword(page);
    await expect(page.getByText(`Bem-vindo(a), ${PATRON.name}`)).toBeVisible();
    const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await expect(section).toContainText('A verificação em duas etapas está desativada.');

    // On: the secret and the otpauth address as text, then a code from the "app".
    await section.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    const secret = (await section.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(section.getByText(/^otpauth:\/\/totp\//)).toContainText(`secret=${secret}`);
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByRole('textbox', { name: /^Código do aplicativo/ }).fill(appCode(secret));
    await section.getByRole('button', { name: 'Confirmar e ativar' }).click();
    const codes = section.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().innerText()).trim();
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await expect(codes).toHaveCount(0);
    await expect(section).toContainText('A verificação em duas etapas está ativa.');

    // Sign-in now asks for a code after the password; a wrong one is refused, a recovery code works.
    await page.goto('/sair');
    await expect(page).toHaveURL(/\/$/);
    await signInWithPassword(page);
    await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
    const codeField = page.getByRole('textbox', { name: /^Código de verificação/ });
    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('alert')).toContainText('Código de verificação incorreto ou já usado.');
    await expect(codeField).toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);
    await codeField.fill(recoveryCode);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/meupergamum$/);
    await expect(page.getByText(`Bem-vindo(a), ${PATRON.name}`)).toBeVisible();

    // Off, with the password; the next sign-in asks for no code.
    await section.getByLabel(/^Senha/).fill(PATRON.password);
    await section.getByRole('button', { name: 'Desativar verificação em duas etapas' }).click();
    await expect(section).toContainText('Verificação em duas etapas desativada.');
    await expect(section).toContainText('A verificação em duas etapas está desativada.');
    await page.goto('/sair');
    await expect(page).toHaveURL(/\/$/);
    await signInWithPassword(page);
    await expect(page).toHaveURL(/\/meupergamum$/);
    await expect(page.getByText(`Bem-vindo(a), ${PATRON.name}`)).toBeVisible();
  });
});
