import { expect, test } from '@playwright/test';
import { openHome } from './helpers';

test.describe('interface language', () => {
  test('switching to English reloads the page in English and remembers the choice', async ({ page }) => {
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveAttribute('content', /^Catálogo online da biblioteca/);
    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();

    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Search the catalogue' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Search engines and link previews get the page's description in the visitor's language too.
    await expect(description).toHaveAttribute('content', /^The library's online catalogue/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    // The choice is stored: a plain reload stays in English.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('The above field is required')).toBeVisible();
  });

  test('Spanish is offered and shows Spanish texts', async ({ page }) => {
    await openHome(page, '/?lang=es');
    await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText('El campo anterior es obligatorio')).toBeVisible();
  });

  test('on a phone the languages are a select', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await openHome(page);
    const select = page.getByRole('combobox', { name: 'Idioma' });
    await expect(select).toBeVisible();
    await select.selectOption('es');
    await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible();
  });
});
