import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The patron's account (decision 0041) against the real server and the demo library: personal data,
 * the password change and the user swap. Fernanda (README "Demo patrons") is one person with two
 * logins, fernanda and fernanda.func; no other journey uses her. Her password is changed and then
 * set back within the journey.
 */
const FERNANDA = { login: 'fernanda', password: 'estante-fernanda' };
const FERNANDA_FUNC = { login: 'fernanda.func', password: 'estante-fernanda-func' };

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu da área pessoal' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * Opens a personal-area address as a visitor, signs in on the login it sends to, keeps the login
 * signed in with (the linked-login choice after sign-in), and lands back there.
 */
async function signInAt(page: Page, path: string, who: { login: string; password: string }): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(who.login);
  await page.getByLabel(/^Senha/).fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const choice = page.getByRole('radiogroup', { name: 'Escolha o login' });
  await expect(choice).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Changes the password on the password screen, the other sessions kept or not. */
async function changePassword(page: Page, current: string, next: string, signOutOthers: boolean) {
  const form = page.getByRole('form', { name: 'Senha' });
  await form.getByLabel(/^Senha atual/).fill(current);
  await form.getByLabel(/^Nova senha/).fill(next);
  await form.getByLabel(/^Confirme a nova senha/).fill(next);
  await form.getByRole('checkbox', { name: /Encerrar as sessões/ }).setChecked(signOutOthers);
  await form.getByRole('button', { name: 'Trocar senha' }).click();
}

test.describe('the patron’s account: personal data, password and user swap', () => {
  // Signing in and changing a password hash passwords: one at a time, with room for it.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('Fernanda corrects her contact data, changes her password and switches to her staff login', async ({
    page,
  }) => {
    await signInAt(page, '/meupergamum/dados-pessoais', FERNANDA);
    await expect(heading(page)).toHaveText('Dados pessoais');
    await expect(page).toHaveTitle(/^Dados pessoais/);
    const form = page.getByRole('form', { name: 'Dados pessoais' });
    // The documents are the library's to change: shown, not editable.
    await expect(form.getByRole('textbox', { name: /^CPF/ })).toHaveAttribute('readonly', '');
    await expect(form.getByRole('textbox', { name: /^Nacionalidade/ })).toHaveAttribute('readonly', '');
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong address in the list is named before anything is sent, and what was typed stays.
    const emails = form.getByRole('textbox', { name: /^E-mails/ });
    await emails.fill('fernanda@demo.estante.example; fernanda@');
    await form.getByRole('textbox', { name: /^Telefone/ }).fill('(48) 3721-9999');
    await form.getByRole('button', { name: 'Salvar dados' }).click();
    await expect(form.getByText(/E-mails: "fernanda@" não é um e-mail válido/)).toBeVisible();
    await expect(emails).toBeFocused();
    await expect(form.getByRole('textbox', { name: /^Telefone/ })).toHaveValue('(48) 3721-9999');
    expect(await seriousViolations(page)).toEqual([]);

    await emails.fill('fernanda@demo.estante.example; fernanda.pessoal@example.org');
    await form.getByRole('textbox', { name: /^Endereço \(rua e número\)/ }).fill('Rua Lauro Linhares, 1000');
    await form.getByRole('textbox', { name: /^Cidade/ }).fill('Florianópolis');
    await form.getByRole('combobox', { name: /^Estado civil/ }).selectOption({ label: 'Casado(a)' });
    await form.getByRole('button', { name: 'Salvar dados' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Seus dados foram salvos.' })).toBeVisible();
    // Read again from the server.
    await page.reload();
    await expect(form.getByRole('textbox', { name: /^E-mails/ })).toHaveValue(
      'fernanda@demo.estante.example; fernanda.pessoal@example.org',
    );
    await expect(form.getByRole('textbox', { name: /^Cidade/ })).toHaveValue('Florianópolis');
    await expect(form.getByRole('combobox', { name: /^Estado civil/ })).toHaveValue('casado');

    // The password: the recovery's live checklist, a mismatch refused in place.
    await menu(page).getByRole('link', { name: 'Senha', exact: true }).click();
    await expect(page).toHaveURL(/\/meupergamum\/senha$/);
    await expect(heading(page)).toHaveText('Senha');
    const passwordForm = page.getByRole('form', { name: 'Senha' });
    await passwordForm.getByLabel(/^Nova senha/).fill('abc');
    await expect(passwordForm.getByText('Pendente: ter entre 6 e 64 caracteres')).toBeVisible();
    await passwordForm.getByLabel(/^Nova senha/).fill('fernanda-nova-1');
    await expect(passwordForm.getByText('Atendido: ter entre 6 e 64 caracteres')).toBeVisible();
    await passwordForm.getByLabel(/^Senha atual/).fill(FERNANDA.password);
    await passwordForm.getByLabel(/^Confirme a nova senha/).fill('fernanda-nova-2');
    await passwordForm.getByRole('button', { name: 'Trocar senha' }).click();
    await expect(passwordForm.getByText('A confirmação não é igual à nova senha.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // A wrong current password: the server's refusal, in place.
    await changePassword(page, 'not-her-password', 'fernanda-nova-1', true);
    await expect(page.getByRole('alert').filter({ hasText: 'A senha atual está incorreta.' })).toBeVisible();
    await changePassword(page, FERNANDA.password, 'fernanda-nova-1', false);
    await expect(page.getByRole('status').filter({ hasText: /^Senha trocada\.$/ })).toBeVisible();
    // Still signed in here; and back to the demo password, for the next visit.
    await changePassword(page, 'fernanda-nova-1', FERNANDA.password, true);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Senha trocada. As sessões em outros dispositivos foram encerradas.' }),
    ).toBeVisible();

    // User swap: her other login, then the area opens afresh as that login.
    await menu(page).getByRole('link', { name: 'Troca de usuário' }).click();
    await expect(heading(page)).toHaveText('Troca de usuário');
    const swap = page.getByRole('form', { name: 'Troca de usuário' });
    await expect(swap.getByRole('radio', { name: /\(fernanda, em uso\)/ })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await swap.getByRole('button', { name: 'Trocar de usuário' }).click();
    await expect(swap.getByText('Escolha um usuário diferente do que está em uso.')).toBeVisible();
    await swap.getByRole('radio', { name: /\(fernanda\.func\)/ }).check();
    await swap.getByRole('button', { name: 'Trocar de usuário' }).click();
    await expect(page).toHaveURL(/\/meupergamum$/);
    await expect(page.getByText('fernanda.func')).toBeVisible();
    // The staff login has its own data.
    await menu(page).getByRole('link', { name: 'Dados pessoais' }).click();
    await expect(
      page.getByRole('form', { name: 'Dados pessoais' }).getByRole('textbox', { name: /^Cidade/ }),
    ).toHaveValue('');
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the staff login edits a phone by keyboard and reads the password rules', async ({ page }) => {
      await signInAt(page, '/meupergamum/dados-pessoais', FERNANDA_FUNC);
      await expect(heading(page)).toHaveText('Dados pessoais');
      const form = page.getByRole('form', { name: 'Dados pessoais' });
      await expect(form.getByRole('textbox', { name: /^Celular/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
      // Characters a phone may not have are dropped as typed; Enter saves.
      const mobile = form.getByRole('textbox', { name: /^Celular/ });
      await mobile.focus();
      await page.keyboard.type('(48) 99999-0000 ramal');
      await expect(mobile).toHaveValue('(48) 99999-0000 ');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Seus dados foram salvos.' })).toBeVisible();
      await expect(mobile).toHaveValue('(48) 99999-0000');

      const burger = page.getByRole('button', { name: 'Abrir o menu da área pessoal' });
      await burger.click();
      const drawer = page.getByRole('dialog', { name: 'Menu da área pessoal' });
      await drawer.getByRole('link', { name: 'Senha', exact: true }).click();
      await expect(drawer).toBeHidden();
      await expect(heading(page)).toHaveText('Senha');
      await page.getByLabel(/^Nova senha/).fill('curta');
      await expect(page.getByText('Pendente: ter entre 6 e 64 caracteres')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
