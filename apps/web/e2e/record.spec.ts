import { expect, test, type Page } from '@playwright/test';
import { openDemoRecord, openHome, search, seriousViolations } from './helpers';

/** A demo patron (README "Demo library"). */
const ANA = { login: 'ana', password: 'estante-ana' };

/** Opens a demo record by searching its title, as a visitor would. */
async function openRecordByTitle(page: Page, title: string): Promise<void> {
  await openHome(page);
  await search(page, title, 'titulo');
  await page.getByRole('list').getByRole('link', { name: title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Signs in through the modal the page opened. */
async function signInThroughModal(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Usuário' }).fill(ANA.login);
  await dialog.getByLabel(/^Senha/).fill(ANA.password);
  await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Seções do título' });

/**
 * Walks the record's tab bar with the keyboard only: from the first tab, Tab moves to the next link
 * and Enter opens it. Each tab shows its heading and passes axe. Answers the tab names walked.
 */
async function walkTabsByKeyboard(page: Page): Promise<string[]> {
  const links = tabBar(page).getByRole('link');
  const names = await links.allInnerTexts();
  await links.first().focus();
  for (const [index, name] of names.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await expect(tabBar(page).getByRole('link', { name, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tabBar(page).getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    expect(await seriousViolations(page), name).toEqual([]);
  }
  return names;
}

test.describe('record page (SPEC §2 /acervo/{codAcervo})', () => {
  test('describes the record to reference managers (JSON-LD, COinS) and prints without the chrome', async ({
    page,
  }) => {
    await page.goto('/acervo/1');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const name = await heading.innerText();

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(jsonLd['@context']).toBe('https://schema.org');
    expect(jsonLd.name).toBe(name);
    expect(jsonLd.url).toBe(new URL('/acervo/1', page.url()).href);
    const coins = new URLSearchParams((await page.locator('span.Z3988').getAttribute('title')) ?? '');
    expect(coins.get('ctx_ver')).toBe('Z39.88-2004');
    expect([coins.get('rft.btitle'), coins.get('rft.title'), coins.get('rft.jtitle')]).toContain(name);
    expect(await seriousViolations(page)).toEqual([]);

    // Print view: the record stays, the header, footer, tabs and buttons do not.
    await page.emulateMedia({ media: 'print' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  });

  test('walks every sub-tab of a book, a periodical and a book with contents by keyboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openDemoRecord(page);
    expect(await walkTabsByKeyboard(page)).toEqual([
      'Dados',
      'Referência',
      'MARC',
      'Exemplares',
      'Dublin Core',
      'Reserva',
      'Solicitação de empréstimo',
      'Dados estatísticos',
      'Acervo fechado',
    ]);

    await openRecordByTitle(page, 'Nature');
    expect(await walkTabsByKeyboard(page)).toEqual([
      'Dados',
      'Referência',
      'MARC',
      'Exemplares',
      'Dublin Core',
      'Reserva',
      'Solicitação de empréstimo',
      'Coleção (kardex)',
      'Sumários',
      'Dados estatísticos',
    ]);
    // The kardex of the back issues: the DNA issue of 1953, and its contents on demand.
    await tabBar(page).getByRole('link', { name: 'Coleção (kardex)' }).click();
    await page.getByLabel('Ano').selectOption('1953');
    const issues = page.getByRole('table', { name: 'Fascículos de 1953' });
    await expect(issues.getByRole('rowheader')).toHaveText(['v. 171, n. 4356, 25/04/1953']);
    await issues.getByRole('button', { name: /^Ver sumário/ }).click();
    await expect(issues.getByText(/Molecular structure of nucleic acids/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await openRecordByTitle(page, 'Papéis avulsos');
    expect(await walkTabsByKeyboard(page)).toContain('Sumário');
    await tabBar(page).getByRole('link', { name: 'Sumário', exact: true }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Teoria do medalhão' })).toBeVisible();
  });

  test('shows the loans of a year as a bar chart with the same figures in a table', async ({ page }) => {
    await openDemoRecord(page);
    await tabBar(page).getByRole('link', { name: 'Dados estatísticos' }).click();
    const year = page.getByLabel('Ano');
    await year.selectOption('2025');
    const chart = page.getByRole('img', { name: /^Gráfico de barras dos empréstimos por mês em 2025/ });
    await expect(chart).toBeVisible();
    // One bar per month with loans, drawn by the chart library.
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const table = page.getByRole('table', { name: 'Empréstimos em cada mês de 2025' });
    await expect(table.getByRole('rowheader')).toHaveCount(13);
    const monthly = (await table.locator('tbody td').allInnerTexts()).map(Number);
    const total = Number(await table.locator('tfoot td').innerText());
    expect(monthly.reduce((sum, n) => sum + n, 0)).toBe(total);
    expect(await chart.getAttribute('aria-label')).toContain(`${total} no total`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a visitor signs in on the closed-collection tab and requests a copy, getting a protocol number', async ({
    page,
  }) => {
    await openDemoRecord(page);
    await tabBar(page).getByRole('link', { name: 'Acervo fechado' }).click();
    await expect(page.getByRole('radio', { name: /0003-OR/ })).toBeVisible();
    await page.getByRole('button', { name: 'Entrar para solicitar' }).click();
    await signInThroughModal(page);
    await expect(page).toHaveURL(/\/acervo-fechado$/);
    await page.getByRole('radio', { name: /0003-OR/ }).check();
    await page.getByRole('button', { name: 'Solicitar exemplar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Solicitar exemplar do acervo fechado' });
    await expect(confirm).toContainText('Dom Casmurro');
    await confirm.getByRole('button', { name: 'Solicitar', exact: true }).click();
    const done = page.getByRole('status').filter({ hasText: 'Solicitação registrada' });
    await expect(done).toBeVisible();
    await expect(done.getByTestId('protocol')).toHaveText(/^\d{4}-\d{6}$/);
    // The copy is now asked for: nobody else can request it.
    await expect(page.getByRole('radio', { name: /0003-OR/ })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("opens a restricted publisher link after a 'please wait' toast, through /pearson in a new tab", async ({
    page,
    context,
  }) => {
    // The publisher's site is not reachable from here: the browser gets a page in its place.
    const posted: string[] = [];
    await context.route('https://biblioteca-virtual.demo.estante.example/**', async (route) => {
      posted.push(route.request().postData() ?? '');
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Editora</title><h1>Editora</h1>',
      });
    });
    await openRecordByTitle(page, 'Redes de computadores');
    const link = page.getByRole('link', { name: /^Biblioteca Virtual Pearson \(acesso restrito\)/ });
    await link.click();
    await signInThroughModal(page);
    const opened = context.waitForEvent('page');
    await link.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Abrindo o conteúdo em uma nova aba' }),
    ).toBeVisible();
    const tab = await opened;
    // The /pearson page posts the publisher's form, and the tab lands on the publisher's page.
    await tab.waitForURL('https://biblioteca-virtual.demo.estante.example/login-integrado');
    await expect(tab.getByRole('heading', { name: 'Editora', exact: true })).toBeVisible();
    const form = new URLSearchParams(posted[0]);
    expect(form.get('login')).toBe(ANA.login);
    expect(form.get('recurso')).toBe('https://biblioteca-virtual.demo.estante.example/livro/demo-0296');
    expect(form.get('assinatura')).toMatch(/^[0-9a-f]{64}$/);
  });
});
