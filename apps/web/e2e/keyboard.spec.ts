import { expect, test, type Locator, type Page } from '@playwright/test';
import { openHome, seriousViolations } from './helpers';

/**
 * Presses Tab (or Shift+Tab, backwards) until `target` has the focus, as a keyboard user would, or
 * fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

test.describe('keyboard only (WCAG 2.1.1)', () => {
  test('a visitor searches, opens a record and adds it to the basket without a mouse', async ({ page }) => {
    test.setTimeout(60_000);
    await openHome(page);
    // The first stop is the skip link, which moves the focus to the content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Pular para o conteúdo principal' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    await tabTo(page, page.getByRole('combobox', { name: 'Termo de pesquisa' }));
    await page.keyboard.type('Dom Casmurro');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /resultados? para/ })).toBeVisible();

    const result = page
      .getByRole('list')
      .getByRole('link', { name: /Dom Casmurro/ })
      .first();
    await tabTo(page, result);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/acervo\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dom Casmurro');

    const add = page.getByRole('main').getByRole('button', { name: /^Adicionar à cesta/ });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByRole('button', { name: /^Remover da cesta/ })).toBeVisible();

    const counter = page.getByRole('link', { name: 'Cesta (1)' });
    await expect(counter).toBeVisible();
    // The counter is in the header, before the content: back up to it.
    await tabTo(page, counter, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cesta$/);
    await expect(page.getByRole('main').getByRole('link', { name: /Dom Casmurro/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
