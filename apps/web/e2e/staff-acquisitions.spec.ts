import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * Acquisitions in the staff workspace (decision 0059) on the demo library: Elisa suggests a title
 * from the footer; the acquisition librarian finds it in the inbox among the pre-suggestions,
 * accepts it with a note, records its quote, awaits its delivery, puts it in a purchase order, sends
 * the order and receives its copy — the suggestion is attended. Elisa's alerts then list every
 * step. The title carries a stamp of its own, so journeys running beside this one never see it,
 * and it sees only its own suggestion and order. The server's checks (roles, refused moves, the
 * audit log, e-mails) are the API tests'.
 */

const ELISA = { login: 'elisa', password: 'estante-elisa' };
const LIBRARIAN = { login: 'equipe.aquisicao', password: 'estante-equipe-aquisicao' };

async function signIn(page: Page, who: { login: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(who.login);
  await page.getByLabel(/^Senha/).fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/sair');
  await expect(page).toHaveURL(/\/$/);
}

test.describe('acquisitions in the staff workspace', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a suggestion goes from sent to attended, and its suggester is told at each step', async ({
    page,
  }) => {
    const title = `Angústia, edição ${Date.now()}`;
    await signIn(page, ELISA);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sugerir aquisição' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sugestão de aquisição' });
    await dialog.getByRole('textbox', { name: /^Título/ }).fill(title);
    await dialog.getByRole('textbox', { name: /^Editora/ }).fill('Record');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Sugestão de aquisição enviada. Obrigado!')).toBeVisible();
    await signOut(page);

    await signIn(page, LIBRARIAN);
    await page.getByRole('banner').getByRole('link', { name: 'Área da equipe' }).click();
    await page
      .getByRole('navigation', { name: 'Menu da área da equipe' })
      .getByRole('link', { name: 'Aquisições' })
      .click();
    await expect(page).toHaveURL(/\/equipe\/aquisicoes$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aquisições');

    // The inbox, filtered to the pre-suggestions (the option says how many), oldest first.
    const inbox = page.getByRole('region', { name: 'Sugestões recebidas' });
    await inbox.getByRole('combobox', { name: 'Situação' }).selectOption('pre-sugestao');
    await expect(inbox.getByRole('combobox', { name: 'Situação' }).locator('option:checked')).toHaveText(
      /^Pré-sugestão \(\d+\)$/,
    );
    await inbox.getByRole('combobox', { name: 'Ordem' }).selectOption({ label: 'Mais antigas primeiro' });
    const row = inbox.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Elisa Tavares Nunes');
    await expect(row).toContainText('Pré-sugestão');
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: title }).click();
    const detail = page.getByRole('region', { name: `Sugestão: ${title}` });
    await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
    const status = detail.getByRole('combobox', { name: /^Nova situação/ });
    const moveButton = detail.getByRole('button', { name: 'Mudar situação' });

    // Accepted for purchase, with a note Elisa reads.
    await status.selectOption({ label: 'Sugestão de compra' });
    await detail.getByRole('textbox', { name: 'Observação' }).fill('Aprovada pela comissão');
    await moveButton.click();
    await expect(
      detail
        .getByRole('status')
        .filter({ hasText: `Sugestão "${title}" agora está em: Sugestão de compra. O usuário foi avisado.` }),
    ).toBeVisible();
    await expect(detail.getByRole('listitem').last()).toContainText(
      'Sugestão de compra — por equipe.aquisicao — Aprovada pela comissão',
    );

    // The quote: its day, one copy, the price and vendor; it goes into quote.
    await detail.getByLabel(/^Data da cotação/).fill('2026-11-20');
    await detail.getByRole('textbox', { name: 'Quantidade de itens' }).fill('1');
    await detail.getByRole('textbox', { name: /^Valor unitário/ }).fill('59,9');
    await detail.getByRole('textbox', { name: 'Fornecedor da cotação' }).fill('Livraria Leitura');
    await detail.getByRole('button', { name: 'Registrar cotação' }).click();
    await expect(
      detail
        .getByRole('status')
        .filter({ hasText: `Cotação de "${title}" registrada; situação: Em cotação.` }),
    ).toBeVisible();
    await expect(detail).toContainText('R$ 59,90');

    await status.selectOption({ label: 'Aguardando entrega' });
    await moveButton.click();
    await expect(
      detail.getByRole('status').filter({ hasText: 'agora está em: Aguardando entrega.' }),
    ).toBeVisible();

    // Ticked in the inbox and ordered from a supplier.
    await inbox.getByRole('combobox', { name: 'Situação' }).selectOption('aguardando-entrega');
    await inbox.getByRole('checkbox', { name: `Marcar "${title}" para um pedido de compra` }).check();
    await inbox.getByRole('textbox', { name: 'Fornecedor' }).fill('Livraria Leitura');
    await inbox.getByRole('button', { name: 'Abrir pedido com as sugestões marcadas' }).click();
    const opened = inbox.getByRole('status').filter({ hasText: /^Pedido \d+ aberto\.$/ });
    await expect(opened).toBeVisible();
    const code = /Pedido (\d+)/.exec((await opened.textContent()) ?? '')![1]!;

    const order = page.getByRole('article', { name: `Pedido ${code}` });
    await expect(order).toContainText('Aberto · Fornecedor: Livraria Leitura');
    await order.getByRole('combobox', { name: /^Nova situação do pedido/ }).selectOption({
      label: 'Enviado ao fornecedor',
    });
    await order.getByRole('button', { name: 'Mudar situação do pedido' }).click();
    await expect(
      order.getByRole('status').filter({ hasText: `Pedido ${code}: Enviado ao fornecedor.` }),
    ).toBeVisible();

    // Its one copy arrives: the suggestion is attended and the order received.
    await order.getByRole('textbox', { name: `Exemplares recebidos de "${title}"` }).fill('1');
    await order.getByRole('button', { name: 'Registrar recebimento' }).click();
    await expect(
      order
        .getByRole('status')
        .filter({ hasText: `Recebimento registrado. Pedido ${code}: Recebido. Os usuários foram avisados.` }),
    ).toBeVisible();
    await expect(order.getByRole('listitem')).toHaveText([
      `${title} — Atendida — 1 de 1 exemplares recebidos`,
    ]);
    await expect(detail).toContainText('Esta sugestão está encerrada');
    expect(await seriousViolations(page)).toEqual([]);
    await signOut(page);

    // Elisa's alerts name every step, newest first.
    await signIn(page, ELISA);
    await page.goto('/meupergamum/alertas');
    const alerts = page
      .getByRole('list', { name: 'Alertas do período' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(alerts).toHaveCount(4);
    for (const [index, step] of [
      'Atendida',
      'Aguardando entrega',
      'Em cotação',
      'Sugestão de compra',
    ].entries())
      await expect(alerts.nth(index)).toContainText(`"${title}" mudou de situação: ${step}.`);
  });

  test.describe('on a 390-pixel-wide phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the acquisitions part opens and fits the screen', async ({ page }) => {
      await signIn(page, LIBRARIAN);
      await page.goto('/equipe/aquisicoes');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aquisições');
      await expect(page.getByRole('heading', { level: 2, name: 'Pedidos de compra' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
