import { expect, test } from '@playwright/test';
import { openDemoRecord, openHome, search, seriousViolations } from './helpers';

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test('home', async ({ page }) => {
    await openHome(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('home with the required-field message', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('O campo acima é obrigatório')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('results', async ({ page }) => {
    await openHome(page);
    await search(page, 'Machado de Assis', 'autor');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('record: data, copies and MARC tabs', async ({ page }) => {
    await openDemoRecord(page);
    expect(await seriousViolations(page)).toEqual([]);
    const tabs = page.getByRole('navigation', { name: 'Seções do título' });
    await tabs.getByRole('link', { name: 'Exemplares' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Exemplares' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await tabs.getByRole('link', { name: 'MARC' }).click();
    await expect(page.getByRole('rowheader', { name: '245', exact: true }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('authority page, reached from an author link on the record', async ({ page }) => {
    await openDemoRecord(page);
    await page.getByRole('main').locator('a[href^="/autoridade/"]').first().click();
    await expect(page).toHaveURL(/\/autoridade\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Tipo: /)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a 320 px wide screen has no horizontal scroll on the home, results and record pages', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await openHome(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await search(page, 'Machado de Assis', 'autor');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
