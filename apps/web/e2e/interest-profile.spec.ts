import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The interest profile (SPEC §7 api/perfil-interesse; decision 0052) on the demo library: Bruno
 * finds a subject among the authorities and adds it to his profile; it shows with its validity, the
 * demo titles on that subject show among the titles of his profile, and he removes it again, so the
 * journey leaves his profile as it found it. Desktop first, then a 375-pixel phone; no other journey
 * touches interest profiles. Then the areas of interest: he ticks a knowledge area, saves, finds it
 * ticked on coming back, and unticks it again.
 */

const BRUNO = { login: 'bruno', password: 'estante-bruno' };
const SUBJECT = 'Literatura brasileira';
const AREA = 'Filosofia';

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(BRUNO.login);
  await page.getByLabel(/^Senha/).fill(BRUNO.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function addSeeAndRemoveSubject(page: Page): Promise<void> {
  await signIn(page, '/meupergamum/perfil-interesse');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Perfil de interesse');

  // The search needs a term: refused in place, naming the field, with the focus on it.
  const form = page.getByRole('form', { name: 'Adicionar autor ou assunto' });
  const term = form.getByRole('textbox', { name: /^Pesquisar/ });
  await form.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(form.getByText('O campo Pesquisar é obrigatório', { exact: false })).toBeVisible();
  await expect(term).toBeFocused();

  await term.fill(SUBJECT);
  await form.getByRole('button', { name: 'Pesquisar' }).click();
  const results = page.getByRole('list', { name: 'Resultados da pesquisa' });
  const hit = results.getByRole('listitem').filter({ hasText: new RegExp(`^${SUBJECT} \\(`) });
  await hit.getByRole('button', { name: `Adicionar ${SUBJECT}` }).click();

  const topics = page.getByRole('list', { name: 'Áreas, autores e assuntos' });
  const item = topics.getByRole('listitem').filter({ hasText: SUBJECT });
  await expect(item).toContainText('Assunto');
  await expect(item).toContainText('Válido até');
  const titles = page.getByRole('list', { name: 'Títulos do seu perfil' });
  await expect(titles.getByRole('listitem').first()).toContainText(`${SUBJECT} (Assunto)`);
  await expect(titles.getByRole('link').first()).toHaveAttribute('href', /^\/acervo\/\d+$/);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // Removed after a confirmation: the profile is as it was.
  await item.getByRole('button', { name: `Remover ${SUBJECT}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(topics.getByRole('listitem').filter({ hasText: SUBJECT })).toHaveCount(0);
}

test.describe('interest profile', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('Bruno adds a subject to his interest profile, sees it and its titles, and removes it', async ({
    page,
  }) => {
    await addSeeAndRemoveSubject(page);
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the same journey fits the screen', async ({ page }) => {
      await addSeeAndRemoveSubject(page);
    });
  });

  test('Bruno ticks a knowledge area among his areas of interest, finds it saved, and unticks it', async ({
    page,
  }) => {
    await signIn(page, '/meupergamum');
    await page
      .getByRole('navigation', { name: 'Menu da área pessoal' })
      .getByRole('link', { name: 'Áreas de interesse' })
      .click();
    await expect(page).toHaveURL(/\/meupergamum\/areas-interesse$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Áreas de interesse');

    const form = page.getByRole('form', { name: 'Áreas de interesse' });
    const area = form
      .getByRole('group', { name: 'Áreas do conhecimento' })
      .getByRole('checkbox', { name: AREA, exact: true });
    await expect(area).not.toBeChecked();
    await area.check();
    await form.getByRole('button', { name: 'Salvar áreas' }).click();
    await expect(form.getByText('Áreas salvas: 1 no seu perfil.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Saved, not only ticked: coming back, the area is ticked and the profile lists it.
    await page.reload();
    await expect(area).toBeChecked();
    await page.goto('/meupergamum/perfil-interesse');
    const topics = page.getByRole('list', { name: 'Áreas, autores e assuntos' });
    await expect(topics.getByRole('listitem').filter({ hasText: AREA })).toContainText(
      'Área do conhecimento',
    );

    // Unticked and saved again: the profile is as it was.
    await page.goto('/meupergamum/areas-interesse');
    await area.uncheck();
    await form.getByRole('button', { name: 'Salvar áreas' }).click();
    await expect(form.getByText('Áreas salvas: 0 no seu perfil.')).toBeVisible();
    await page.reload();
    await expect(area).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
