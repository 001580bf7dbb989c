import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The catalogue sheet end to end (SPEC §5, §7 POST /solicitacoes/ficha-catalografica; decision
 * 0049) on the demo library: Diego opens the screen from the personal-area menu, sends the form
 * empty and is told which field is missing, fills in his dissertation's data, sends it, downloads
 * the draft PDF, and finds the sheet waiting in his list. No other journey asks Diego for a sheet;
 * each viewport sends one of its own, told apart by its title.
 */

const DIEGO = { login: 'diego', password: 'estante-diego' };

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(DIEGO.login);
  await page.getByLabel(/^Senha/).fill(DIEGO.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

/** Fills the form with a master's dissertation called `title`. */
async function fillDissertation(page: Page, title: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Pedido de ficha catalográfica' });
  await form.getByLabel(/^Sobrenome do autor/).fill('Fernández Ortiz');
  await form.getByLabel(/^Prenomes do autor/).fill('Diego');
  await form.getByLabel(/^Título/).fill(title);
  await form.getByLabel(/^Subtítulo/).fill('um estudo em São Paulo');
  await form.getByLabel(/^Sobrenome do orientador/).fill('Conceição');
  await form.getByLabel(/^Prenomes do orientador/).fill('Maria da');
  await form.getByLabel(/^Tipo de trabalho/).selectOption('mestrado');
  await form.getByLabel(/^Curso ou programa/).fill('Programa de Pós-Graduação em Ciência da Informação');
  await form.getByLabel(/^Instituição/).fill('Universidade Federal de Santa Catarina');
  await form.getByLabel(/^Cidade do campus/).fill('Florianópolis');
  await form.getByLabel(/^Ano/).fill(String(new Date().getFullYear()));
  await form.getByLabel(/^Total de folhas/).fill('120');
  await form.getByLabel(/^Ilustrações/).selectOption('sim');
  await form.getByLabel(/^Primeira folha das referências/).fill('110');
  await form.getByLabel(/^Última folha das referências/).fill('118');
  await form.getByLabel(/^Palavras-chave/).fill('catalogação; bibliotecas universitárias');
  await form.getByLabel(/^E-mail para contato/).fill('diego@demo.estante.example');
}

/** Sends the form and downloads the draft from the notice that answers it. */
async function sendAndDownload(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(
    page.getByText(`Pedido enviado. O rascunho da ficha de "${title}" está pronto.`),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar o rascunho da ficha (PDF)' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ficha-catalografica-\d+-rascunho\.pdf$/);
  const sheet = page
    .getByRole('region', { name: 'Minhas fichas catalográficas' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(sheet).toContainText('Aguardando · Rascunho');
  await expect(sheet.getByRole('button', { name: 'Baixar o rascunho da ficha (PDF)' })).toBeVisible();
}

test.describe('catalogue sheet', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('Diego asks for his sheet, is told what is missing, and downloads the draft', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await page.goto('/meupergamum');
    await page
      .getByRole('navigation', { name: 'Menu da área pessoal' })
      .getByRole('link', { name: 'Ficha catalográfica' })
      .click();
    await expect(page).toHaveURL(/\/meupergamum\/ficha-catalografica$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ficha catalográfica');
    expect(await seriousViolations(page)).toEqual([]);

    // SPEC §5: sent empty, the first missing field is named and has the focus.
    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(page.getByText('O campo Sobrenome do autor é obrigatório.')).toBeVisible();
    await expect(page.getByLabel(/^Sobrenome do autor/)).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    const title = 'Catalogação cooperativa na rede de bibliotecas (computador)';
    await fillDissertation(page, title);
    await sendAndDownload(page, title);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the form fits the screen, and the draft is downloaded there too', async ({ page }) => {
      await signIn(page);
      await page.goto('/meupergamum/ficha-catalografica');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ficha catalográfica');
      const title = 'Catalogação cooperativa na rede de bibliotecas (celular)';
      await fillDissertation(page, title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await sendAndDownload(page, title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
