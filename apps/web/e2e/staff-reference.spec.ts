import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The reference desk (decision 0060) on the demo library: Elisa sends, through the API, an article
 * request and a catalogue sheet request, each with a title of its own run; the reference librarian
 * answers the article from its queue with a text and a file (after the form asks for the reason a
 * request not answered needs), edits the sheet's classification and Cutter on the draft (issuing
 * without the Cutter is refused in place) and issues the final sheet; Elisa then reads the answer
 * and downloads its file, and finds her sheet final. The server's own checks are the API tests'.
 */

const ELISA = { login: 'elisa', password: 'estante-elisa' };
const LIBRARIAN = { login: 'equipe.referencia', password: 'estante-equipe-referencia' };

async function signIn(page: Page, who: { login: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(who.login);
  await page.getByLabel(/^Senha/).fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

/** Elisa's requests, sent through the API as the personal area's forms send them. */
async function sendRequests(request: APIRequestContext, article: string, thesis: string): Promise<void> {
  const token = await request.post('/api/oauth/token', {
    data: { grant_type: 'password', client_id: '4', username: ELISA.login, password: ELISA.password },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const libraries = await request.get('/api/unidade-informacao', { headers });
  const [library] = (await libraries.json()) as { cod_biblioteca: number }[];
  const sent = await request.post('/api/solicitacoes/comutacao-bibliografica/artigo', {
    headers,
    data: {
      titulo: article,
      titulo_periodico: 'Revista Brasileira de Biblioteconomia',
      ano: 2020,
      email: 'elisa@demo.estante.example',
      biblioteca: library!.cod_biblioteca,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const sheet = await request.post('/api/solicitacoes/ficha-catalografica', {
    headers,
    data: {
      autor_sobrenome: 'Tavares Nunes',
      autor_prenomes: 'Elisa',
      titulo: thesis,
      orientador_sobrenome: 'Conceição',
      orientador_prenomes: 'Maria da',
      tipo_trabalho: 'especializacao',
      programa: 'Especialização em Gestão de Bibliotecas',
      instituicao: 'Universidade Estante',
      cidade: 'São Paulo',
      ano: new Date().getFullYear(),
      total_folhas: 80,
      ilustracoes: 'nao',
      palavras_chave: ['bibliotecas'],
      email: 'elisa@demo.estante.example',
    },
  });
  expect(sheet.status(), await sheet.text()).toBe(201);
}

test.describe('reference desk', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the reference librarian answers an article request and issues a catalogue sheet; the patron reads both', async ({
    page,
    browser,
    request,
  }) => {
    const article = `Serviço de referência virtual ${Date.now()}`;
    const thesis = `Gestão de acervos híbridos ${Date.now()}`;
    await sendRequests(request, article, thesis);

    await signIn(page, LIBRARIAN);
    await page.goto('/equipe');
    await page
      .getByRole('navigation', { name: 'Menu da área da equipe' })
      .getByRole('link', { name: 'Pedidos e fichas catalográficas' })
      .click();
    await expect(page).toHaveURL(/\/equipe\/solicitacoes$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos e fichas catalográficas');
    await expect(page.getByRole('tab', { name: 'Comutação bibliográfica' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const item = page.getByRole('article', { name: article });
    await expect(item).toContainText('Aguardando');
    await expect(item).toContainText('(elisa)');
    expect(await seriousViolations(page)).toEqual([]);

    // Not answered needs its reason: the form says so, and nothing moves.
    await item.getByRole('button', { name: `Responder ou mudar a situação do pedido "${article}"` }).click();
    const form = item.getByRole('form', { name: `Mudar a situação do pedido "${article}"` });
    await form.getByLabel(/^Nova situação/).selectOption('nao_atendida');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.getByText('Diga ao usuário por que o pedido não foi atendido')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel(/^Nova situação/).selectOption('atendida');
    await form
      .getByLabel(/^Resposta ao usuário/)
      .fill('Segue a cópia do artigo, conforme a Lei de Direitos Autorais.');
    await form.getByLabel('Arquivo da resposta (opcional)').setInputFiles({
      name: 'artigo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 cópia do artigo'),
    });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Pedido "${article}": Atendido. O usuário foi avisado.` }),
    ).toBeVisible();
    await expect(item).toHaveCount(0);
    await page.getByLabel(/^Situação/).selectOption('atendida');
    await expect(item).toContainText('(equipe.referencia)');
    await expect(item).toContainText('Arquivo: artigo.pdf');

    // The catalogue sheet: the draft edited, issuing refused without the Cutter, then issued.
    await page.getByRole('tab', { name: 'Ficha catalográfica' }).click();
    const sheet = page.getByRole('article', { name: thesis });
    await sheet.getByRole('button', { name: `Editar a ficha catalográfica de "${thesis}"` }).click();
    const sheetForm = sheet.getByRole('form', { name: `Dados da biblioteca na ficha de "${thesis}"` });
    await expect(sheet.getByRole('region', { name: 'A ficha como está' })).toContainText(
      'TAVARES NUNES, Elisa',
    );
    await sheetForm.getByLabel(/^Classificação/).fill('025.1');
    await sheetForm.getByLabel(/^Assuntos/).fill('Bibliotecas - Administração\nAcervos híbridos');
    await sheetForm.getByRole('button', { name: 'Emitir a ficha final' }).click();
    await expect(sheetForm.getByText('O campo Número de Cutter é obrigatório.')).toBeVisible();
    await expect(sheetForm.getByLabel(/^Número de Cutter/)).toBeFocused();
    await sheetForm.getByLabel(/^Número de Cutter/).fill('T231g');
    await sheetForm.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(sheetForm.getByText('Dados da ficha salvos.')).toBeVisible();
    await expect(sheet.getByRole('region', { name: 'A ficha como está' })).toContainText('T231g');
    expect(await seriousViolations(page)).toEqual([]);
    await sheetForm.getByRole('button', { name: 'Emitir a ficha final' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Ficha final de "${thesis}" emitida` }),
    ).toBeVisible();

    // Elisa reads the answer, downloads its file, and finds her sheet final.
    const patron = await browser.newContext();
    const elisa = await patron.newPage();
    await signIn(elisa, ELISA);
    await elisa.goto('/meupergamum/pedidos');
    const mine = elisa.getByRole('article', { name: article });
    await expect(mine).toContainText('Atendido');
    await expect(mine).toContainText('Segue a cópia do artigo');
    await expect(mine).not.toContainText('equipe.referencia');
    const [download] = await Promise.all([
      elisa.waitForEvent('download'),
      mine.getByRole('button', { name: 'Baixar artigo.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('artigo.pdf');
    await elisa.goto('/meupergamum/ficha-catalografica');
    const own = elisa
      .getByRole('region', { name: 'Minhas fichas catalográficas' })
      .getByRole('listitem')
      .filter({ hasText: thesis });
    await expect(own).toContainText('Ficha final emitida');
    await expect(own).toContainText('T231g');
    await expect(own.getByRole('button', { name: 'Baixar a ficha catalográfica final (PDF)' })).toBeVisible();
    await patron.close();
  });

  test.describe('on a 390-pixel-wide phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the reference desk opens and fits the screen', async ({ page }) => {
      await signIn(page, LIBRARIAN);
      await page.goto('/equipe/solicitacoes');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos e fichas catalográficas');
      await expect(page.getByRole('tab', { name: 'Ficha catalográfica' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
