import { expect, test, type Page } from '@playwright/test';
import { openHome, search, seriousViolations } from './helpers';

/**
 * Result lines, the record page, holds and covers (decision 0070), on the demo library: "Lavoura
 * arcaica" has its one copy on the shelf at the Biblioteca Central (Acervo geral, 869.3 N265l) and no
 * cover of its own; the one copy of "Jubiabá" is lent. Kátia (equipe.aquisicao, a staff member who is
 * also a patron) holds "Jubiabá". No other journey opens these titles or holds anything as Kátia.
 */

const KATIA = { login: 'equipe.aquisicao', password: 'estante-equipe-aquisicao' };
const ON_SHELF = 'Lavoura arcaica';
const LENT = 'Jubiabá';

/** Opens a record from a title search, as a visitor would. */
async function openRecord(page: Page, title: string): Promise<void> {
  await openHome(page);
  await search(page, title, 'titulo');
  await page.getByRole('list').getByRole('link', { name: title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** True when the page is no wider than the window. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('discovery: where a title is, covers and the hold dialog', () => {
  // Signing in hashes a password (Argon2id) on a machine shared with other suites: allow for it.
  test.describe.configure({ timeout: 90_000 });

  test('a result line and the record say where the copy is; a lent title is held in one dialog', async ({
    page,
  }) => {
    await openHome(page);
    await search(page, ON_SHELF, 'titulo');
    const line = page.getByRole('article').filter({ has: page.getByRole('heading', { name: ON_SHELF }) });
    await expect(line.getByText('Disponível:', { exact: true })).toBeVisible();
    await expect(line).toContainText('Disponível: Biblioteca Central — Acervo geral — 869.3 N265l');
    // No cover of its own: a drawn one, in the line's fixed box.
    const lineCover = line.locator('[data-cover="generated"]');
    await expect(lineCover).toContainText(ON_SHELF);
    expect(await lineCover.boundingBox()).toMatchObject({ width: 60, height: 90 });
    await expect(line.locator('svg[data-format="book"]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The record opens on where the title is, before its details and tabs; no hold while it is on the shelf.
    await line.getByRole('link', { name: ON_SHELF, exact: true }).click();
    const holdings = page.getByRole('region', { name: 'Onde encontrar' });
    await expect(holdings.getByRole('status')).toContainText(
      'Não é preciso reservar: retire-o emBiblioteca Central — Acervo geral — 869.3 N265l',
    );
    await expect(holdings).toContainText('1 de 1 exemplar na estante');
    const holdingsTop = (await holdings.boundingBox())!.y;
    const tabsTop = (await page.getByRole('navigation', { name: 'Seções do título' }).boundingBox())!.y;
    expect(holdingsTop).toBeLessThan(tabsTop);
    await expect(page.getByRole('button', { name: 'Reservar' })).toHaveCount(0);
    const recordCover = page.getByRole('main').locator('[data-cover="generated"]');
    await expect(recordCover).toContainText(ON_SHELF);
    expect(await recordCover.boundingBox()).toMatchObject({ width: 140, height: 210 });
    expect(await seriousViolations(page)).toEqual([]);

    // The MARC view keeps 008's blanks.
    await page
      .getByRole('navigation', { name: 'Seções do título' })
      .getByRole('link', { name: 'MARC' })
      .click();
    const f008 = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '008', exact: true }) });
    const shown = await f008.getByRole('cell').last().innerText();
    expect(shown).toMatch(/\S {2,}\S/);
    expect(shown).toHaveLength(40);

    // Every copy lent: "Reservar" signs the visitor in and comes back to the hold dialog.
    await openRecord(page, LENT);
    await expect(page.getByRole('region', { name: 'Onde encontrar' })).toContainText(
      'O exemplar não está na estante',
    );
    await page.getByRole('button', { name: 'Reservar' }).click();
    const signIn = page.getByRole('dialog', { name: 'Entrar' });
    await signIn.getByRole('textbox', { name: 'Usuário' }).fill(KATIA.login);
    await signIn.getByLabel(/^Senha/).fill(KATIA.password);
    await signIn.getByRole('button', { name: 'Entrar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reservar «${LENT}»` });
    await expect(dialog.getByRole('combobox', { name: /Biblioteca de retirada/ })).toHaveValue(/\d+/);
    const place = dialog.getByText(/^Sua posição na fila será \d+\.$/);
    await expect(place).toBeVisible();
    const position = /(\d+)/.exec(await place.innerText())![1];
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(dialog.getByText(`Sua posição na fila: ${position}.`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Ver minhas reservas' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 390×844 phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the record and its copies fit the screen, the status in view, and pass axe', async ({ page }) => {
      await openRecord(page, ON_SHELF);
      await expect(page.getByRole('region', { name: 'Onde encontrar' })).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByRole('navigation', { name: 'Seções do título' })
        .getByRole('link', { name: 'Exemplares' })
        .click();
      const status = page
        .getByRole('table', { name: /Exemplares em Biblioteca Central/ })
        .getByText('Disponível');
      await expect(status).toBeVisible();
      const box = (await status.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
