import { expect, test, type Page } from '@playwright/test';
import { openHome, search, seriousViolations } from './helpers';

/**
 * The circulation requests of the staff workspace and general comments (decision 0061) on the demo
 * library: Gabriel asks for the closed-stack copy of "Úrsula" and gets a protocol, and sends the
 * Central Library a comment from the footer; the administrator (who holds the circulation and
 * reference roles) finds the protocol in the closed-stacks queue, is told an answer is needed to
 * refuse, marks it attended with a word for him and finds it under its new status with its history,
 * then refuses the comment with a reason; Gabriel reads both answers in his alerts. The server's own
 * checks (roles, moves refused, the audit log) are the API tests'.
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

  test('a closed-stack protocol is attended and a general comment refused, and the patron reads both answers', async ({
    page,
  }) => {
    const comment = `Poderiam abrir a sala de obras raras aos sábados? ${Date.now()}`;
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
    await page.getByRole('contentinfo').getByRole('button', { name: 'Enviar comentário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comentários' });
    await dialog.getByRole('textbox', { name: /Comentário/ }).fill(comment);
    await dialog.getByRole('combobox', { name: 'Campus' }).selectOption({ label: 'Campus Centro' });
    await dialog.getByRole('combobox', { name: /Biblioteca/ }).selectOption({ label: 'Biblioteca Central' });
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Comentário enviado. Obrigado!')).toBeVisible();
    await signOut(page);

    await signIn(page, 'equipe.admin', 'estante-equipe-admin');
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
    await expect(item.getByRole('listitem').last()).toContainText('Atendida — por equipe.admin');
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Menu da área da equipe' })
      .getByRole('link', { name: 'Moderação de comentários' })
      .click();
    const general = page
      .getByRole('region', { name: 'Comentários gerais para as bibliotecas' })
      .getByRole('article')
      .filter({ hasText: comment });
    await expect(general).toContainText('Por Gabriel Souza Costa (gabriel.costa)');
    await expect(general.getByRole('heading')).toHaveText('Para a Biblioteca Central');
    expect(await seriousViolations(page)).toEqual([]);
    await general
      .getByRole('button', { name: 'Recusar o comentário de Gabriel Souza Costa para a Biblioteca Central' })
      .click();
    await general
      .getByRole('textbox', { name: /^Motivo da recusa/ })
      .fill('A sala fica fechada por segurança.');
    await general.getByRole('button', { name: 'Recusar comentário' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Comentário para a Biblioteca Central recusado' }),
    ).toBeVisible();
    await expect(general).toHaveCount(0);
    await signOut(page);

    await signIn(page, 'gabriel.costa', 'estante-gabriel-costa');
    await page.goto('/meupergamum/alertas');
    await expect(page.getByRole('list', { name: 'Alertas do período' })).toContainText(
      `Os itens do protocolo ${protocol} do acervo fechado foram separados e esperam por você no balcão da`,
    );
    await expect(page.getByRole('list', { name: 'Alertas do período' })).toContainText(
      'Resposta da biblioteca: Peça no balcão de obras raras.',
    );
    await expect(page.getByRole('list', { name: 'Alertas do período' })).toContainText(
      'Seu comentário para a Biblioteca Central não foi aprovado. Motivo: A sala fica fechada por segurança.',
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
