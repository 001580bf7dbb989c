import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * Patrons and the audit log in the staff workspace (decision 0062), on the demo library: the
 * circulation librarian finds Olívia Campos (a demo patron no other journey uses) by part of her
 * name without its accent, sees her loans, blocks her with a reason and unblocks her; the
 * administrator then finds both in the audit log with what changed. The server's refusals (401,
 * 403, a blocked patron's sign-in) are the API tests'.
 */

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(login);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

test.describe('patrons in the staff workspace', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the desk finds a patron, sees her loans, blocks and unblocks her; the log shows both', async ({
    page,
  }) => {
    const reason = `Material não devolvido (${Date.now()})`;
    await signIn(page, 'equipe.circulacao', 'estante-equipe-circulacao');
    await page.goto('/equipe');
    await page
      .getByRole('navigation', { name: 'Menu da área da equipe' })
      .getByRole('link', { name: 'Leitores' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leitores');
    const query = page.getByRole('textbox', { name: 'Nome, login, documento ou e-mail' });
    await query.fill('olivia camp');
    await query.press('Enter');
    await expect(page).toHaveURL(/\/equipe\/leitores\?q=olivia\+camp$/);
    const found = page.getByRole('table', { name: /leitor(es)? encontrados?/ });
    await found.getByRole('link', { name: 'Olívia Campos' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Olívia Campos' })).toBeVisible();
    const loans = page.getByRole('region', { name: 'Empréstimos' });
    await expect(loans.getByRole('row').nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Blocking needs a reason; with one, the page says who blocked her and why.
    await page.getByRole('button', { name: 'Bloquear' }).click();
    await expect(page.getByText('O campo Motivo do bloqueio é obrigatório.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Motivo do bloqueio/ }).fill(reason);
    await page.getByRole('button', { name: 'Bloquear' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Olívia Campos foi bloqueado.' })).toBeVisible();
    await expect(page.getByText(`por equipe.circulacao. Motivo: ${reason}`)).toBeVisible();
    await page.getByRole('button', { name: 'Desbloquear' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Olívia Campos foi desbloqueado.' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Motivo do bloqueio/ })).toBeVisible();

    // Signed out once /sair has landed on the catalogue and the header greets nobody.
    await page.goto('/sair');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText('Olá, Igor')).toHaveCount(0);
    await signIn(page, 'equipe.admin', 'estante-equipe-admin');
    await page.goto('/equipe/auditoria');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registro de auditoria');
    await page.getByRole('textbox', { name: /^Alvo/ }).fill('leitor.demo13');
    await page.getByRole('textbox', { name: /^Login de quem agiu/ }).fill('equipe.circulacao');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const entries = page.getByRole('list', { name: 'Ações da equipe' }).getByRole('article');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0).getByRole('heading')).toHaveText('Leitor desbloqueado: patron leitor.demo13');
    const blocked = entries.nth(1);
    await expect(blocked.getByRole('heading')).toHaveText('Leitor bloqueado: patron leitor.demo13');
    await expect(blocked).toContainText('Por equipe.circulacao em');
    await expect(blocked.getByRole('row', { name: /^reason/ })).toContainText(reason);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 390-pixel-wide phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the patrons part and the audit log open and fit the screen', async ({ page }) => {
      await signIn(page, 'equipe.admin', 'estante-equipe-admin');
      for (const [path, title] of [
        ['/equipe/leitores', 'Leitores'],
        ['/equipe/auditoria', 'Registro de auditoria'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.getByRole('search')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  });
});
