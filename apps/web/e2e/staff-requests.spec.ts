import { expect, test, type Page } from '@playwright/test';
import { openHome, search, seriousViolations } from './helpers';

/**
 * The circulation requests of the staff workspace (decision 0061) on the demo library: Gabriel asks
 * for the closed-stack copy of "Úrsula" and gets a protocol; the circulation librarian finds it in
 * the closed-stacks queue, is told an answer is needed to refuse, marks it attended with a word for
 * him, and finds it under its new status with its history; Gabriel reads the library's answer in his
 * alerts. The server's own checks (roles, moves refused, the audit log) are the API tests'.
 */

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(login);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/sair');
  await expect(page).toHaveURL(/\/$/);
}

test.describe('staff requests', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a closed-stack protocol is attended by the desk and its patron reads the answer', async ({
    page,
  }) => {
    await signIn(page, 'gabriel.costa', 'estante-gabriel-costa');
    await openHome(page);
    await search(page, 'Úrsula', 'titulo');
    await page
      .getByRole('list')
      .getByRole('link', { name: /Úrsula/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'Acervo fechado' }).click();
    await expect(page).toHaveURL(/\/acervo-fechado$/);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Solicitar exemplar' }).click();
    await page
      .getByRole('dialog', { name: 'Solicitar exemplar do acervo fechado' })
      .getByRole('button', { name: 'Solicitar', exact: true })
      .click();
    const protocol = await page.getByTestId('protocol').innerText();
    expect(protocol).toMatch(/^\d{4}-\d{6}$/);
    await signOut(page);

    await signIn(page, 'equipe.circulacao', 'estante-equipe-circulacao');
    await page.goto('/equipe');
    await page
      .getByRole('navigation', { name: 'Menu da área da equipe' })
      .getByRole('link', { name: 'Pedidos de circulação' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos de circulação');
    await expect(page.getByRole('heading', { level: 2, name: 'Solicitações de empréstimo' })).toBeVisible();
    await page.getByRole('tab', { name: 'Acervo fechado' }).click();
    const item = page.getByRole('article', { name: `Protocolo ${protocol}` });
    await expect(item).toContainText('Leitor: Gabriel Souza Costa (gabriel.costa)');
    await expect(item).toContainText('Úrsula');
    await expect(item).toContainText('Situação: Aguardando');
    expect(await seriousViolations(page)).toEqual([]);

    // Refusing needs an answer to the patron: the form says so and nothing changes.
    const form = item.getByRole('form', { name: `Atender o pedido Protocolo ${protocol}` });
    await form.getByRole('combobox', { name: /^Nova situação/ }).selectOption('Recusada');
    await form.getByRole('button', { name: 'Registrar' }).click();
    await expect(form.getByText('O campo Resposta ao leitor é obrigatório.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: /^Resposta ao leitor/ })).toBeFocused();

    await form.getByRole('combobox', { name: /^Nova situação/ }).selectOption('Atendida');
    await form.getByRole('textbox', { name: /^Resposta ao leitor/ }).fill('Peça no balcão de obras raras.');
    await form.getByRole('button', { name: 'Registrar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Protocolo ${protocol}: situação agora é Atendida.` }),
    ).toBeVisible();
    // It leaves the queue of what awaits; under its new status it shows its history.
    await expect(item).toHaveCount(0);
    const filters = page.getByRole('form', { name: 'Filtrar os protocolos do acervo fechado' });
    await filters.getByRole('combobox', { name: 'Situação' }).selectOption('Atendida');
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await expect(item).toContainText('Situação: Atendida');
    await expect(item).toContainText('Resposta ao leitor: Peça no balcão de obras raras.');
    await expect(item.getByRole('listitem').last()).toContainText('Atendida — por equipe.circulacao');
    expect(await seriousViolations(page)).toEqual([]);
    await signOut(page);

    await signIn(page, 'gabriel.costa', 'estante-gabriel-costa');
    await page.goto('/meupergamum/alertas');
    await expect(page.getByRole('list', { name: 'Alertas do período' })).toContainText(
      `Os itens do protocolo ${protocol} do acervo fechado foram separados e esperam por você no balcão da`,
    );
    await expect(page.getByRole('list', { name: 'Alertas do período' })).toContainText(
      'Resposta da biblioteca: Peça no balcão de obras raras.',
    );
  });

  test.describe('on a 390×844 phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the requests part opens, fits the screen and passes axe', async ({ page }) => {
      await signIn(page, 'equipe.circulacao', 'estante-equipe-circulacao');
      await page.goto('/equipe/pedidos');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos de circulação');
      await expect(page.getByRole('form', { name: 'Filtrar as solicitações de empréstimo' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
