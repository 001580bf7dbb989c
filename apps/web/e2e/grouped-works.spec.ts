import { expect, test, type Page } from '@playwright/test';
import { openHome, search, seriousViolations } from './helpers';

/**
 * Grouped works (decision 0071): the print, e-book and braille "Dom Casmurro" are one result with
 * its formats to choose and its editions listed on demand; choosing the e-book opens its record.
 */

const results = (page: Page) => page.getByRole('region', { name: 'Resultados' });

async function searchDomCasmurro(page: Page) {
  await openHome(page);
  await search(page, 'Dom Casmurro', 'titulo');
  await expect(
    results(page).getByRole('heading', { level: 3, name: 'Dom Casmurro', exact: true }),
  ).toHaveCount(1);
}

test.describe('grouped works: one result per work, its formats and editions to choose', () => {
  test('"Dom Casmurro" shows once with its formats; the editions open from the keyboard; the e-book leads to its record', async ({
    page,
  }) => {
    await searchDomCasmurro(page);
    const formats = results(page).getByRole('list', { name: 'Formatos de Dom Casmurro' });
    await expect(formats.getByRole('link')).toHaveCount(3);
    for (const format of ['Livro', 'Livro eletrônico', 'Livro acessível'])
      await expect(formats.getByRole('link', { name: format, exact: true })).toBeVisible();

    const toggle = results(page).getByRole('button', { name: '3 edições' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const editions = results(page).getByRole('list', { name: 'Edições de Dom Casmurro' });
    await expect(editions.getByRole('link')).toHaveCount(3);
    await expect(editions.getByRole('link', { name: 'Livro eletrônico, 1899' })).toBeVisible();

    const ebook = formats.getByRole('link', { name: 'Livro eletrônico', exact: true });
    const href = await ebook.getAttribute('href');
    expect(href).toMatch(/^\/acervo\/\d+$/);
    await ebook.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: /Dom Casmurro/ })).toBeVisible();
  });

  test.describe('on a 390×844 phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the results with a grouped work fit the screen and pass axe', async ({ page }) => {
      await searchDomCasmurro(page);
      await results(page).getByRole('button', { name: '3 edições' }).click();
      await expect(results(page).getByRole('list', { name: 'Edições de Dom Casmurro' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
