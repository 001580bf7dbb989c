import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * Bibliographic requests end to end (SPEC §3 bibliographic request, §5, §7 solicitacoes; decision
 * 0048) on the demo library: Bruno asks for a copy of an article, the form first naming what is
 * missing and refusing a start page after the end page, then sending it; the requests screen lists
 * it waiting, with its history. He also asks for a specialized search, finds it among his requests
 * of that type, waiting, and cancels it, so none is left waiting. Each run sends a request with its
 * own title, so the journeys do not depend on each other or on what other journeys do with Bruno.
 */

const BRUNO = { login: 'bruno', password: 'estante-bruno' };

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(BRUNO.login);
  await page.getByLabel(/^Senha/).fill(BRUNO.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

/** Fills and sends an article request; answers its title. */
async function sendArticle(page: Page, title: string): Promise<void> {
  await page.getByLabel(/^Título do artigo/).fill(title);
  await page.getByLabel(/^Título do periódico/).fill('Revista Brasileira de Biblioteconomia');
  await page.getByLabel(/^Ano/).fill('2019');
  await page.getByLabel(/^Página inicial/).fill('10');
  await page.getByLabel(/^Página final/).fill('25');
  await page.getByLabel(/^E-mail para contato/).fill('bruno@exemplo.org; bruno.lima@exemplo.org');
  const library = page.getByLabel(/^Biblioteca/);
  await library.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Enviar pedido de comutação' }).click();
  await expect(page.getByText('Pedido enviado')).toBeVisible();
}

test.describe('library requests', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Bruno asks for a copy of an article, fixes what the form names, and finds it in his requests', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/meupergamum');
    await page
      .getByRole('navigation', { name: 'Menu da área pessoal' })
      .getByRole('link', { name: 'Comutação e levantamento bibliográfico' })
      .click();
    await expect(page).toHaveURL(/\/meupergamum\/comutacao-levantamento$/);
    await expect(page.getByRole('tab', { name: 'Comutação bibliográfica' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // SPEC §5: each missing field is named, the focus goes to the first, and the start page is not after the end.
    await page.getByLabel(/^E-mail para contato/).fill('');
    await page.getByRole('button', { name: 'Enviar pedido de comutação' }).click();
    await expect(page.getByText('O campo Título do artigo é obrigatório.')).toBeVisible();
    await expect(page.getByText('O campo E-mail para contato é obrigatório.')).toBeVisible();
    await expect(page.getByLabel(/^Título do artigo/)).toBeFocused();
    await page.getByLabel(/^Página inicial/).fill('30');
    await page.getByLabel(/^Página final/).fill('12');
    await page.getByRole('button', { name: 'Enviar pedido de comutação' }).click();
    await expect(page.getByText('A página inicial não pode ser maior que a página final.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const title = `Bibliotecas universitárias ${Date.now()}`;
    await sendArticle(page, title);
    await page.getByRole('link', { name: 'Acompanhar meus pedidos' }).click();
    await expect(page).toHaveURL(/\/meupergamum\/pedidos$/);
    const item = page.getByRole('article', { name: title });
    await expect(item).toContainText('Aguardando');
    await expect(item).toContainText('Artigo de periódico');
    await item.getByText('Dados do pedido').click();
    await expect(item).toContainText('bruno@exemplo.org; bruno.lima@exemplo.org');
    expect(await seriousViolations(page)).toEqual([]);

    // Filtered by another status it is not there; the survey kind lists nothing of it.
    await page.getByLabel(/^Situação/).selectOption('atendida');
    await expect(item).toHaveCount(0);
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('Bruno sends an article request and reads it in his requests, both screens fitting the phone', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/meupergamum/comutacao-levantamento');
      await expect(page.getByRole('button', { name: 'Enviar pedido de comutação' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
      const title = `Leitura no celular ${Date.now()}`;
      await sendArticle(page, title);
      await page.getByRole('link', { name: 'Acompanhar meus pedidos' }).click();
      await expect(page.getByRole('article', { name: title })).toContainText('Aguardando');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test('Bruno asks for a specialized search, finds it waiting among his requests, and cancels it', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/meupergamum/pesquisa-especializada');
    await expect(page.getByRole('heading', { name: 'Pedido de pesquisa especializada' })).toBeVisible();
    const send = page.getByRole('button', { name: 'Enviar pedido de pesquisa' });

    // Sent empty: each required field is named and the focus goes to the first.
    await send.click();
    await expect(page.getByText('O campo Assunto é obrigatório.')).toBeVisible();
    await expect(page.getByText('O campo Finalidade é obrigatório.')).toBeVisible();
    await expect(page.getByLabel(/^Assunto/)).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    const subject = `Acessibilidade em bibliotecas ${Date.now()}`;
    await page.getByLabel(/^Assunto/).fill(subject);
    await page.getByLabel(/^Finalidade/).selectOption('docencia');
    await page.getByLabel(/^E-mail para contato/).fill('bruno@exemplo.org');
    await page.getByLabel(/^Biblioteca/).selectOption({ index: 1 });
    await send.click();
    await expect(page.getByText('Pedido enviado')).toBeVisible();
    await page.getByRole('link', { name: 'Acompanhar meus pedidos' }).click();
    await expect(page).toHaveURL(/\/meupergamum\/pedidos$/);

    await page.getByLabel(/^Tipo de pedido/).selectOption('pesquisa-especializada');
    const item = page.getByRole('article', { name: subject });
    await expect(item).toContainText('Pesquisa especializada');
    await expect(item).toContainText('Aguardando');
    await item.getByText('Dados do pedido').click();
    await expect(item).toContainText('Preparação de aulas');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(item).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Cancelled after a confirmation: nothing is left waiting.
    await item.getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar pedido' }).click();
    await expect(item).toContainText('Cancelado');
    await expect(item.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
    await page.getByLabel(/^Situação/).selectOption('aguardando');
    await expect(item).toHaveCount(0);
  });
});
