import { expect, test, type Locator, type Page } from '@playwright/test';
import { INDEX_PAGE_SIZE } from '@estante/contract';
import { allViolations, announcedCount, openHome, search } from './helpers';

/** The count a filter checkbox shows in its label ("Livro (12)"). */
async function countOf(checkbox: Locator): Promise<number> {
  const label = (await checkbox.getAttribute('aria-label')) ?? (await labelText(checkbox));
  return Number(/\(([\d.,]+)\)\s*$/.exec(label)?.[1]?.replace(/[.,]/g, '') ?? 'NaN');
}

async function labelText(checkbox: Locator): Promise<string> {
  const id = await checkbox.getAttribute('id');
  return (await checkbox.page().locator(`label[for="${id}"]`).innerText()).trim();
}

/**
 * Ticks a filter value and waits until it shows ticked: the box follows the URL, which the
 * router updates just after the click.
 */
async function tick(checkbox: Locator): Promise<void> {
  const id = await checkbox.getAttribute('id');
  const label = await labelText(checkbox);
  await checkbox.click();
  const same = checkbox.page().getByRole('checkbox', { name: label, exact: true });
  await expect(id ? checkbox.page().locator(`[id="${id}"]`).or(same).first() : same).toBeChecked();
}

function filterGroup(page: Page, name: string): Locator {
  return page.getByRole('group', { name });
}

/** Waits until the announced count is the expected one (the list reloads after each change). */
async function expectTotal(page: Page, total: number): Promise<void> {
  await expect
    .poll(async () => {
      const status = page.getByRole('status').filter({ hasText: /resultados? para/ });
      return (await status.count()) ? announcedCount(page) : -1;
    })
    .toBe(total);
}

test.describe('a visitor refining a search', () => {
  test('narrows by two filter types, widens within one, sorts, pages, and the URL keeps it all', async ({
    page,
  }) => {
    await openHome(page);
    await search(page, 'de');
    const everything = await announcedCount(page);
    expect(everything).toBeGreaterThan(10);

    // A work type: the total becomes the count the filter showed.
    const types = filterGroup(page, 'Tipo de obra');
    const firstType = types.getByRole('checkbox').first();
    const typeCount = await countOf(firstType);
    expect(typeCount).toBeGreaterThan(0);
    expect(typeCount).toBeLessThanOrEqual(everything);
    await tick(firstType);
    await expectTotal(page, typeCount);
    await expect(page).toHaveURL(/filtro=T%3A/);

    // A language as well (another type: AND): the total is that language's count among those.
    const languages = filterGroup(page, 'Idioma');
    const firstLanguage = languages.getByRole('checkbox').first();
    const languageCount = await countOf(firstLanguage);
    await tick(firstLanguage);
    await expectTotal(page, languageCount);
    expect(languageCount).toBeLessThanOrEqual(typeCount);

    // A second work type (same type: OR): the total adds the two counts, each with the language
    // applied, less the works with editions of both types, which count once (decision 0071).
    const checkedTypeCount = await countOf(types.getByRole('checkbox', { checked: true }).first());
    const otherType = types.getByRole('checkbox', { checked: false }).first();
    const otherTypeCount = await countOf(otherType);
    await tick(otherType);
    await expect(page).toHaveURL(/filtro=T%3A.*filtro=T%3A/);
    await expect(page.locator('ol[aria-busy="true"]')).toHaveCount(0);
    await expect
      .poll(() => announcedCount(page))
      .toBeGreaterThanOrEqual(Math.max(checkedTypeCount, otherTypeCount, languageCount + 1));
    const filtered = await announcedCount(page);
    expect(filtered).toBeLessThanOrEqual(checkedTypeCount + otherTypeCount);

    // Sort by title: the page is in alphabetical order.
    await page.getByLabel('Ordenar por').selectOption('T');
    await expect(page).toHaveURL(/ordenacao=T/);
    await expect(page.locator('ol[aria-busy="true"]')).toHaveCount(0);
    // The page settles in alphabetical order (the list is replaced once the sorted page arrives).
    const collator = new Intl.Collator('pt', { sensitivity: 'base' });
    await expect
      .poll(async () => {
        const titles = await page.getByRole('main').getByRole('article').getByRole('heading').allInnerTexts();
        return titles.length > 1 && [...titles].sort(collator.compare).join('\n') === titles.join('\n');
      })
      .toBe(true);

    // Pages of 10; the second page, bookmarked and reloaded, is the same search.
    if (filtered > 10) {
      await page.getByLabel('Resultados por página').selectOption('10');
      await page
        .getByRole('navigation', { name: 'Páginas de resultados' })
        .getByRole('link', { name: 'Próxima' })
        .click();
      await expect(page).toHaveURL(/paginaAtiva=2/);
      const bookmarked = page.url();
      await page.goto(bookmarked);
      await expectTotal(page, filtered);
      await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
      await expect(filterGroup(page, 'Idioma').getByRole('checkbox', { checked: true })).toHaveCount(1);
      await expect(filterGroup(page, 'Tipo de obra').getByRole('checkbox', { checked: true })).toHaveCount(2);
      await page.goBack();
      await expect(page).not.toHaveURL(/paginaAtiva=2/);
    }

    // Removing the filters gives the whole result set back.
    await page.getByRole('button', { name: 'Limpar todos os filtros' }).click();
    await expectTotal(page, everything);
  });

  test('filters by keyboard alone: Tab to a value, Space to apply it', async ({ page }) => {
    await openHome(page);
    await search(page, 'de');
    const firstType = filterGroup(page, 'Tipo de obra').getByRole('checkbox').first();
    const typeCount = await countOf(firstType);
    await page.getByRole('combobox', { name: 'Termo de pesquisa' }).focus();
    let reached = false;
    for (let presses = 0; presses < 30 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await firstType.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Space');
    await expectTotal(page, typeCount);
  });

  test('advanced search: AND NOT leaves out exactly what AND finds', async ({ page }) => {
    await openHome(page);
    await search(page, 'machado', 'autor');
    const byAuthor = await announcedCount(page);

    await page.goto('/avancada');
    const first = page.getByRole('group', { name: 'Linha 1' });
    const second = page.getByRole('group', { name: 'Linha 2' });
    await first.getByLabel('Campo').selectOption('autor');
    await first.getByRole('searchbox').fill('machado');
    await second.getByLabel('Operador').selectOption('E');
    await second.getByLabel('Campo').selectOption('titulo');
    await second.getByRole('searchbox').fill('casmurro');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/linha=E%7Ctitulo%7Ccasmurro/);
    const both = await (async () => {
      await expect(page.getByRole('status').filter({ hasText: /resultados? para/ })).toBeVisible();
      return announcedCount(page);
    })();
    expect(both).toBeGreaterThan(0);

    await page.getByRole('group', { name: 'Linha 2' }).getByLabel('Operador').selectOption('NAO');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/linha=NAO%7Ctitulo%7Ccasmurro/);
    await expectTotal(page, byAuthor - both);
    const titles = await page.getByRole('main').getByRole('article').getByRole('heading').allInnerTexts();
    for (const title of titles) expect(title).not.toMatch(/casmurro/i);
  });

  test('shows the results as covers by keyboard, and a reload keeps them', async ({ page }) => {
    await openHome(page);
    await search(page, 'de');
    const results = page.getByRole('region', { name: 'Resultados' });
    await expect(results.getByRole('article').first()).toBeVisible();
    const display = page.getByRole('combobox', { name: 'Exibir como' });
    await expect(display).toHaveValue('D');
    await display.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/exibicao=C/);
    await expect(results.getByRole('article')).toHaveCount(0);
    // Each cover's title still leads to its record.
    const recordLinks = results.locator('ol a[href^="/acervo/"]');
    await expect(recordLinks.first()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Exibir como' })).toHaveValue('C');
    await expect(recordLinks.first()).toBeVisible();
    await expect(results.getByRole('article')).toHaveCount(0);
    expect(await allViolations(page)).toEqual([]);
  });

  test('a misspelt search offers "did you mean", which finds the records', async ({ page }) => {
    await openHome(page);
    await search(page, 'machadoo de asis');
    expect(await announcedCount(page)).toBe(0);
    const suggestion = page.getByRole('link', { name: /machado de assis/i });
    await expect(page.getByText(/Você quis dizer/)).toBeVisible();
    const promised = Number(
      /\((\d+) registros?\)/.exec(await page.getByText(/Você quis dizer/).innerText())?.[1],
    );
    expect(promised).toBeGreaterThan(0);
    await suggestion.click();
    await expect(page).toHaveURL(/termo=machado(\+|%20)de(\+|%20)assis/i);
    await expectTotal(page, promised);
  });

  test('browses the author index by keyboard and opens the titles of one author', async ({ page }) => {
    await openHome(page, '/avancada');
    const form = page.getByRole('form', { name: 'Pesquisa por índice' });
    await expect(form.getByLabel('Índice')).toHaveValue('autor');
    await form.getByLabel('Começar em').focus();
    await page.keyboard.type('assis');
    await page.keyboard.press('Enter');
    const entries = page.getByRole('list', { name: 'Entradas do índice de Autor' });
    const first = entries.getByRole('button').first();
    await expect(first).toContainText(/^Assis, Machado de/);
    const count = Number(/(\d+) registros?/.exec(await first.innerText())?.[1]);
    expect(count).toBeGreaterThan(1);
    // Entries are in filing order from the typed start.
    const names = (await entries.getByRole('button').allInnerTexts()).map((text) => text.split('\n')[0]!);
    expect(names[0]!.toLowerCase() >= 'assis').toBe(true);
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const titles = page.getByRole('region', { name: /Títulos de “Assis, Machado de/ }).getByRole('link');
    await expect(titles.first()).toBeVisible();
    // The entry's count is the number of titles it opens (one page of them at most).
    expect(await titles.count()).toBe(Math.min(count, INDEX_PAGE_SIZE));
  });
});
