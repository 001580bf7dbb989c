import { expect, test, type Locator, type Page } from '@playwright/test';
import { announcedCount, seriousViolations } from './helpers';

// Issue 18 (decision 0068): search from anywhere, the results in view, the reader's place kept.

/** Whether the element's top edge is inside the first screen, without scrolling. */
async function startsOnFirstScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  const scrolled = await page.evaluate(() => window.scrollY);
  return box !== null && scrolled === 0 && box.y >= 0 && box.y < height;
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /resultados? para/ });
const firstResult = (page: Page) => page.getByRole('main').getByRole('article').first().getByRole('heading');

test.describe('discovery: search from anywhere, results in view', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('searches from a record’s header, keeps the place on a filter tick, and names every advanced row', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/?termo=Iracema&tipoBusca=titulo');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Iracema/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /Iracema/ })).toBeVisible();

    // The header's box, reached with the / key, searches the simple tab.
    await page.keyboard.press('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Buscar no catálogo' });
    await expect(box).toBeFocused();
    await box.fill('machado');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/\?termo=machado$/);
    await expect(status(page)).toHaveText(/^\d+ resultados para “machado”$/);
    expect(await startsOnFirstScreen(page, firstResult(page))).toBe(true);
    const everything = await announcedCount(page);

    // A filter ticked halfway down keeps the focus on it and the page where it was.
    await page.evaluate(() => window.scrollTo(0, 200));
    const available = page.getByRole('group', { name: 'Disponibilidade' }).getByRole('checkbox').first();
    await available.click();
    await expect(page).toHaveURL(/filtro=D%3AS/);
    await expect(status(page)).not.toHaveText(`${everything} resultados para “machado”`);
    await expect(status(page)).toHaveAttribute('aria-live', 'polite');
    await expect(available).toBeFocused();
    await expect(available).toBeChecked();
    expect(await page.evaluate(() => window.scrollY)).toBe(200);

    // Advanced search with two rows and a year limit: the count names both rows.
    await page.goto('/avancada');
    const first = page.getByRole('group', { name: 'Linha 1' });
    const second = page.getByRole('group', { name: 'Linha 2' });
    await first.getByLabel('Campo').selectOption('autor');
    await first.getByRole('searchbox').fill('machado');
    await second.getByLabel('Operador').selectOption('OU');
    await second.getByLabel('Campo').selectOption('autor');
    await second.getByRole('searchbox').fill('alencar');
    const limits = page.getByRole('group', { name: 'Limitar a' });
    await limits.getByRole('textbox', { name: 'Publicado de (ano)' }).fill('1850');
    await limits.getByRole('textbox', { name: 'Publicado até (ano)' }).fill('1900');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/opcao=dataFim%3A1900&opcao=dataIni%3A1850/);
    await expect(status(page)).toHaveText(/^\d+ resultados? para Autor: “machado” OU Autor: “alencar”$/);
    expect(await announcedCount(page)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 390 × 844 phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the first result is on the first screen and the filters open in a drawer', async ({ page }) => {
      await page.goto('/?termo=machado');
      await expect(status(page)).toBeVisible();
      expect(await startsOnFirstScreen(page, firstResult(page))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.getByRole('button', { name: 'Filtrar e ordenar' }).click();
      const drawer = page.getByRole('dialog', { name: 'Filtrar resultados' });
      await drawer.getByRole('group', { name: 'Disponibilidade' }).getByRole('checkbox').first().click();
      await expect(page).toHaveURL(/filtro=D%3AS/);
      expect(await seriousViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: /^Ver \d+ resultados?$/ }).click();
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: /^Remover filtro Disponibilidade/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
