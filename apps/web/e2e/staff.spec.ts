import { expect, test, type Page } from '@playwright/test';
import { openHome, search, seriousViolations } from './helpers';

/**
 * The staff workspace's door (decision 0054) on the demo library: a visitor at /equipe is sent to
 * sign in; a patron gets the not-found screen; the demo administrator follows the header link to
 * the workspace and, by keyboard, gives a patron a role and takes it away again (so no other
 * journey sees Gabriel as staff); Diego comments on "Memorial de Aires" and the reference librarian
 * approves it from the moderation queue, after which it shows on the record. The server's own
 * checks are the API tests'.
 */

async function signIn(page: Page, login: string, password: string, from = '/login'): Promise<void> {
  await page.goto(from);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(login);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

test.describe('staff workspace', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('a visitor is asked to sign in, and a patron finds nothing there', async ({ page }) => {
    await page.goto('/equipe');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fequipe$/);
    await signIn(page, 'ana', 'estante-ana', page.url());
    await expect(page).toHaveURL(/\/equipe$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Área da equipe' })).toHaveCount(0);
  });

  test('the administrator gives a patron a role and takes it away, by keyboard', async ({ page }) => {
    await signIn(page, 'equipe.admin', 'estante-equipe-admin');
    await page.getByRole('banner').getByRole('link', { name: 'Área da equipe' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Área da equipe');
    await expect(page.getByText('Você entrou como Helena Prado Ramos (equipe.admin).')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu da área da equipe' });
    await expect(menu.getByRole('link')).toHaveText([
      'Início',
      'Moderação de comentários',
      'Pedidos e fichas catalográficas',
      'Balcão de circulação',
      'Pedidos de circulação',
      'Leitores',
      'Aquisições',
      'Catálogo e importação MARC',
      'Conteúdo da instituição',
      'Equipe e papéis',
      'Registro de auditoria',
    ]);
    await menu.getByRole('link', { name: 'Equipe e papéis' }).click();
    await expect(page).toHaveURL(/\/equipe\/papeis$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Equipe e papéis');
    const table = page.getByRole('table', { name: /pessoas com papel na equipe/ });
    await expect(table.getByRole('row', { name: /Igor Matos Pereira/ })).toContainText('Circulação');
    expect(await seriousViolations(page)).toEqual([]);

    // An unknown login: refused in place, and what was typed stays.
    const login = page.getByRole('textbox', { name: /^Login/ });
    await login.fill('ninguem.aqui');
    await page.getByRole('checkbox', { name: /^Referência/ }).check();
    await login.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Não há usuário com este login.');
    await expect(login).toHaveValue('ninguem.aqui');
    await expect(page.getByRole('checkbox', { name: /^Referência/ })).toBeChecked();

    await login.fill('gabriel.costa');
    await login.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Gabriel Souza Costa agora tem: Referência.' }),
    ).toBeVisible();
    const row = table.getByRole('row', { name: /Gabriel Souza Costa/ });
    await expect(row).toContainText('Referência');

    // Edit from the row: the form takes Gabriel's roles; untick the only one and save.
    await row.getByRole('button', { name: 'Editar os papéis de Gabriel Souza Costa' }).press('Enter');
    await expect(login).toHaveValue('gabriel.costa');
    const reference = page.getByRole('checkbox', { name: /^Referência/ });
    await expect(reference).toBeChecked();
    await reference.focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Salvar papéis' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Gabriel Souza Costa não faz mais parte da equipe.' }),
    ).toBeVisible();
    await expect(table.getByRole('row', { name: /Gabriel Souza Costa/ })).toHaveCount(0);
  });

  test('a comment is approved from the moderation queue and then shows on its record', async ({ page }) => {
    const text = `Uma leitura que recomendo ${Date.now()}.`;
    await openHome(page);
    await search(page, 'Memorial de Aires', 'titulo');
    await page
      .getByRole('list')
      .getByRole('link', { name: /Memorial de Aires/ })
      .first()
      .click();
    // The record's code loads with its route: the address changes once it is in.
    await page.waitForURL(/\/acervo\/\d+/);
    const recordUrl = page.url();
    const comments = page.getByRole('region', { name: 'Comentários', exact: true });
    await comments.getByRole('button', { name: 'Entrar para comentar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Usuário' }).fill('diego');
    await dialog.getByLabel(/^Senha/).fill('estante-diego');
    await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
    await comments.getByRole('textbox', { name: /^Seu comentário/ }).fill(text);
    await comments.getByRole('button', { name: 'Enviar comentário' }).click();
    await expect(page.getByText('Comentário enviado.', { exact: false })).toBeVisible();
    await page.goto('/sair');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText('Olá, Diego')).toHaveCount(0);

    await signIn(page, 'equipe.referencia', 'estante-equipe-referencia');
    await page.goto('/equipe');
    await page
      .getByRole('navigation', { name: 'Menu da área da equipe' })
      .getByRole('link', { name: 'Moderação de comentários' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Moderação de comentários');
    const item = page.getByRole('article').filter({ hasText: text });
    await expect(item).toContainText('Por Diego Fernández Ortiz (diego)');
    expect(await seriousViolations(page)).toEqual([]);

    // Refusing needs a reason: the form says so and keeps the comment in the queue.
    await item.getByRole('button', { name: /^Recusar o comentário de Diego/ }).click();
    await item.getByRole('button', { name: 'Recusar comentário' }).click();
    await expect(item.getByText('O campo Motivo da recusa é obrigatório.')).toBeVisible();
    await expect(item.getByRole('textbox', { name: /^Motivo da recusa/ })).toBeFocused();
    await item.getByRole('button', { name: 'Cancelar' }).click();

    await item.getByRole('button', { name: /^Aprovar o comentário de Diego/ }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: /aprovado: já aparece na página do título/ }),
    ).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);

    await page.goto(recordUrl);
    await expect(page.getByRole('region', { name: 'Comentários', exact: true })).toContainText(text);
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('a reference librarian sees their role, and the workspace fits the screen', async ({ page }) => {
      await signIn(page, 'equipe.referencia', 'estante-equipe-referencia');
      await page.goto('/equipe');
      await expect(page.getByRole('heading', { level: 2, name: 'Seu papel' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Referência' })).toContainText(
        'moderação de comentários',
      );
      // Not an administrator: the roles part is neither offered nor opened.
      const menu = page.getByRole('navigation', { name: 'Menu da área da equipe' });
      await expect(menu.getByRole('link')).toHaveText([
        'Início',
        'Moderação de comentários',
        'Pedidos e fichas catalográficas',
      ]);
      await page.goto('/equipe/papeis');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
      await page.goto('/equipe');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
