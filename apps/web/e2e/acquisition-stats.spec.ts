import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * Acquisition statistics end to end (SPEC §2, §7 GET /aquisicao/estatisticas; decision 0051) on the
 * demo library, whose copies were acquired over the months before it was seeded, about two in three
 * bought, the rest given or exchanged. The screen only reads, so Bruno's account is left as it was.
 */

const BRUNO = { login: 'bruno', password: 'estante-bruno' };
const HEALTH = 'Biblioteca de Ciências da Saúde';

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(BRUNO.login);
  await page.getByLabel(/^Senha/).fill(BRUNO.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

/** The table of a breakdown, found by its heading. */
const table = (page: Page, heading: string) => page.getByRole('table', { name: heading, exact: true });

test.describe('acquisition statistics', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Bruno filters the last year’s acquisitions by library, sees the chart and tables, and downloads the CSV', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/meupergamum');
    await page
      .getByRole('navigation', { name: 'Menu da área pessoal' })
      .getByRole('link', { name: 'Estatísticas de aquisição' })
      .click();
    await expect(page).toHaveURL(/\/meupergamum\/estatisticas-aquisicao$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estatísticas de aquisição');

    // The last twelve months, every library: a chart told in words, and the four breakdowns.
    await expect(page.getByText(/^Títulos: [\d.]+ · Exemplares: [\d.]+$/)).toBeVisible();
    await expect(page.getByRole('img', { name: /Gráfico de barras dos títulos e exemplares/ })).toBeVisible();
    await expect(
      page.getByTestId('acquisition-chart').locator('.recharts-bar-rectangle').first(),
    ).toBeVisible();
    const modes = table(page, 'Modo de aquisição');
    for (const mode of ['Compra', 'Doação', 'Permuta']) {
      await expect(modes.getByRole('rowheader', { name: mode, exact: true })).toBeVisible();
    }
    await expect(table(page, 'Biblioteca').getByRole('row')).toHaveCount(4);
    await expect(table(page, 'Mês').getByRole('row').nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // SPEC §5: a period that ends before it starts is refused in place.
    const from = page.getByLabel('Adquiridos de');
    const to = page.getByLabel('Adquiridos até');
    const keptFrom = await from.inputValue();
    const keptTo = await to.inputValue();
    await from.fill('2031-05-10');
    await to.fill('2031-05-01');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('A data inicial não pode ser posterior à data final.')).toBeVisible();

    // One library: its row only, figures in Portuguese digit grouping.
    await from.fill(keptFrom);
    await to.fill(keptTo);
    await page.getByRole('combobox', { name: 'Biblioteca' }).selectOption({ label: HEALTH });
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const libraries = table(page, 'Biblioteca');
    await expect(libraries.getByRole('row')).toHaveCount(2);
    await expect(libraries.getByRole('rowheader')).toHaveText(HEALTH);
    const copies = Number((await libraries.getByRole('cell').nth(1).innerText()).replace(/\./g, ''));
    expect(copies).toBeGreaterThan(0);

    // The CSV holds the same figures, headed in Portuguese.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('estatisticas-aquisicao.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Agrupamento,Valor,Títulos,Exemplares');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Biblioteca,${HEALTH},\\d+,${copies}$`)));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the chart and tables fit the screen', async ({ page }) => {
      await signIn(page);
      await page.goto('/meupergamum/estatisticas-aquisicao');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estatísticas de aquisição');
      await expect(page.getByRole('img', { name: /Gráfico de barras/ })).toBeVisible();
      await expect(table(page, 'Área do conhecimento').getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Baixar CSV' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
