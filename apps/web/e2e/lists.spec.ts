import { expect, test, type Page } from '@playwright/test';
import { openDemoRecord, openHome, search, seriousViolations } from './helpers';

/**
 * The permanent basket, named lists and databases (decision 0043) against the suite's server and the
 * demo library. Elisa (apps/api/src/modules/seed/demo.ts) keeps titles in the browser's basket as a
 * visitor; signing in merges them into her permanent basket; she makes a list, saves a record to it,
 * shares it, and the link opens read-only in a browser that is signed out. The databases screen lists
 * the demo's real databases.
 */
const ELISA = { login: 'elisa', password: 'estante-elisa', name: 'Elisa Tavares Nunes' };

/** Signs in from the login page and lands on `path`. */
async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(ELISA.login);
  await page.getByLabel(/^Senha/).fill(ELISA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
}

/** How far the page is wider than the window (0 or less: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('saved lists and databases (decision 0043)', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('the visitor’s basket merges into the permanent basket at sign-in; a shared list opens signed out', async ({
    page,
    browser,
  }) => {
    // As a visitor: two results into the browser's basket.
    await openHome(page);
    await search(page, 'Machado de Assis', 'autor');
    const results = page.getByRole('region', { name: 'Resultados' }).getByRole('listitem');
    const titles: string[] = [];
    for (let i = 0; i < 2; i++) {
      const item = results.nth(i);
      titles.push(await item.getByRole('heading', { level: 3 }).getByRole('link').innerText());
      await item.getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Adicionar 2 selecionados à cesta' }).click();
    await expect(page.getByRole('link', { name: 'Cesta (2)' })).toBeVisible();

    // Signing in merges them into the permanent basket, the first list; the browser basket keeps them.
    await signIn(page, '/meupergamum/listas');
    await expect(page.getByRole('heading', { level: 1, name: 'Cesta permanente e listas' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Cesta permanente' });
    for (const title of titles)
      await expect(panel.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cesta (2)' })).toBeVisible();
    // Exported exactly like the basket.
    await expect(panel.getByRole('button', { name: 'Baixar a cesta em RIS' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A named list, made by keyboard (Enter sends the form); an empty name is refused in place.
    const name = `Seminário ${Date.now()}`;
    const newName = page.getByRole('textbox', { name: /Nome da nova lista/ });
    await newName.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('O campo Nome da nova lista é obrigatório', { exact: false })).toBeVisible();
    await expect(newName).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByRole('region', { name }).getByText('Nenhum título nesta lista.')).toBeVisible();

    // Saved to it from a record page.
    await openDemoRecord(page);
    await page.getByRole('button', { name: 'Salvar em lista' }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.getByRole('status').filter({ hasText: `Salvo em “${name}”.` })).toBeVisible();
    const record = (await page.getByRole('heading', { level: 1 }).innerText()).trim();

    // Shared by link.
    await page.goto('/meupergamum/listas');
    await page.getByRole('navigation', { name: 'Suas listas' }).getByRole('link', { name }).click();
    const list = page.getByRole('region', { name });
    await expect(list.getByRole('link', { name: record, exact: true })).toBeVisible();
    await expect(list.getByText('Esta lista é privada: só você a vê.')).toBeVisible();
    await list.getByRole('button', { name: 'Compartilhar por link' }).click();
    const link = list.getByRole('textbox', { name: 'Link da lista' });
    await expect(link).toHaveValue(/\/lista\/[A-Za-z0-9_-]{32}$/);
    const url = await link.inputValue();
    expect(await seriousViolations(page)).toEqual([]);

    // A phone: nothing scrolls sideways, and the menu's drawer reaches the lists.
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Signed out, in another browser: the link shows the list read-only, with nothing of Elisa.
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await other.goto(url);
    await expect(other.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(other.getByRole('link', { name: record, exact: true })).toBeVisible();
    await expect(other.getByText(ELISA.name)).toHaveCount(0);
    await expect(other.getByRole('button', { name: /Remover da lista/ })).toHaveCount(0);
    expect(await seriousViolations(other)).toEqual([]);

    // Elisa stops sharing: the same link now says so.
    await list.getByRole('button', { name: 'Parar de compartilhar' }).click();
    await expect(list.getByText('Esta lista é privada: só você a vê.')).toBeVisible();
    await other.reload();
    await expect(
      other.getByText('Esta lista não está mais compartilhada, ou o link está incorreto.'),
    ).toBeVisible();
    await visitor.close();
  });

  test('the databases screen lists the library’s databases with their links, by area, in pt and en', async ({
    page,
  }) => {
    await signIn(page, '/meupergamum/bases-dados');
    await expect(page.getByRole('heading', { level: 1, name: 'Bases de dados' })).toBeVisible();
    const scielo = page.getByRole('link', { name: /Acessar SciELO Brasil/ });
    await expect(scielo).toHaveAttribute('href', 'https://www.scielo.br/');
    await expect(scielo).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('heading', { level: 2, name: 'Portal de Periódicos CAPES' })).toBeVisible();
    await expect(page.getByText('Assinada pela biblioteca')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Área do conhecimento' }).selectOption('Direito');
    await expect(page.getByRole('status').filter({ hasText: '1 base de dados' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['LexML Brasil']);

    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/meupergamum/bases-dados?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Databases' })).toBeVisible();
    await expect(page.getByText('Subscribed by the library')).toHaveCount(1);
  });
});
