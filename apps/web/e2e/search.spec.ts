import { expect, test } from '@playwright/test';
import { announcedCount, openHome, search } from './helpers';

test.describe('a visitor searching the catalogue', () => {
  test('finds "Dom Casmurro" by title, opens it and sees its copies and its MARC record', async ({
    page,
  }) => {
    await openHome(page);
    await search(page, 'Dom Casmurro', 'titulo');
    expect(await announcedCount(page)).toBeGreaterThan(0);

    await page
      .getByRole('list')
      .getByRole('link', { name: /Dom Casmurro/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /Dom Casmurro/ })).toBeVisible();
    await expect(page).toHaveURL(/\/acervo\/\d+$/);

    const tabs = page.getByRole('navigation', { name: 'Seções do título' });
    await tabs.getByRole('link', { name: 'Exemplares' }).click();
    await expect(page).toHaveURL(/\/acervo\/\d+\/exemplares$/);
    await expect(tabs.getByRole('link', { name: 'Exemplares' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Exemplares' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Situação' }).first()).toBeVisible();

    await tabs.getByRole('link', { name: 'MARC' }).click();
    await expect(page).toHaveURL(/\/acervo\/\d+\/marc$/);
    const field245 = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '245', exact: true }) });
    await expect(field245.first()).toBeVisible();
    await expect(field245.first()).toContainText('$a');
    await expect(field245.first()).toContainText(/Dom Casmurro/);
  });

  test('finds several works by the author "Machado de Assis"', async ({ page }) => {
    await openHome(page);
    await search(page, 'Machado de Assis', 'autor');
    expect(await announcedCount(page)).toBeGreaterThan(1);
    const results = page.getByRole('main').getByRole('listitem').getByRole('article');
    expect(await results.count()).toBeGreaterThan(1);
    // Catalogues show names in heading form: surname first.
    await expect(results.first()).toContainText(/Assis, Machado de/);
  });

  test('keeps the search in the URL, so reloading shows the same results and page size', async ({ page }) => {
    await openHome(page);
    await search(page, 'Machado de Assis', 'autor');
    await page.getByLabel('Resultados por página').selectOption('10');
    await expect(page).toHaveURL(/quantPag=10/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Termo de pesquisa' })).toHaveValue('Machado de Assis');
    await expect(page.getByLabel('Tipo de pesquisa')).toHaveValue('autor');
    await expect(page.getByLabel('Resultados por página')).toHaveValue('10');
  });

  test('is told the field is required when searching with it empty', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('O campo acima é obrigatório')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Termo de pesquisa' })).toBeFocused();
  });

  test('reaches the search field with the keyboard and searches with Enter', async ({ page }) => {
    await openHome(page);
    const field = page.getByRole('combobox', { name: 'Termo de pesquisa' });
    let reached = false;
    // Past the skip link, the header and the eleven search tabs.
    for (let presses = 0; presses < 40 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await field.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.type('Grande sertão');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /resultados? para/ })).toBeVisible();
    expect(await announcedCount(page)).toBeGreaterThan(0);
  });

  test('the skip link is the first stop and jumps to the content', async ({ page }) => {
    await openHome(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo principal' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main-content$/);
  });

  test('an unknown address shows the not-found screen', async ({ page }) => {
    await openHome(page, '/nada/por/aqui');
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  });

  test('the personal area sends a visitor to the login with the way back', async ({ page }) => {
    await openHome(page);
    await page.goto('/meupergamum');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmeupergamum$/);
  });
});
