import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The teaching plan, paper posting and title totals of the personal area (decision 0053) on the
 * demo library. Carla is a professor (P009): the demo plans of CC101 and CC220 are hers. The demo
 * institution has not set up its repository, so paper posting is refused in place. Nothing here
 * changes data.
 */

const CARLA = { login: 'carla', password: 'estante-carla' };

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(CARLA.login);
  await page.getByLabel(/^Senha/).fill(CARLA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

/** Opens a personal-area item from its menu. */
async function openItem(page: Page, name: string, path: RegExp): Promise<void> {
  await page.goto('/meupergamum');
  await page.getByRole('navigation', { name: 'Menu da área pessoal' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

/** Carla's plan of CC101 in the technology library, once the form asked for a field first. */
async function showCc101Plan(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Buscar nos meus planos de ensino' });
  await form.getByRole('button', { name: 'Mostrar planos' }).click();
  // SPEC §5: at least one field; the message names them and the focus goes to the first.
  await expect(
    page.getByText('Escolha ao menos um destes campos: Disciplina, Ano ou Semestre.'),
  ).toBeVisible();
  await expect(form.getByLabel('Disciplina')).toBeFocused();
  await form.getByLabel('Disciplina').selectOption({ label: 'Algoritmos e Estruturas de Dados (CC101)' });
  await form
    .getByLabel('Biblioteca', { exact: true })
    .selectOption({ label: 'Biblioteca do Campus Tecnológico' });
  await form.getByRole('button', { name: 'Mostrar planos' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 plano de ensino' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Algoritmos e Estruturas de Dados (CC101) — Ciência da Computação' }),
  ).toBeVisible();
  await expect(page.getByText('Exemplares contados na Biblioteca do Campus Tecnológico.')).toBeVisible();
  const basic = page.getByRole('region', { name: 'Bibliografia básica' });
  await expect(basic.getByRole('columnheader', { name: 'Exemplares por vaga' })).toBeVisible();
  await expect(basic.getByRole('row')).not.toHaveCount(1);
}

/** Title totals of a title found by words of its title, chosen among the matches. */
async function showTotals(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Buscar título' }).click();
  await expect(page.getByText('O campo Número ou título da obra é obrigatório.')).toBeVisible();
  await page.getByLabel(/^Número ou título da obra/).fill('Constituição da República');
  await page.getByRole('button', { name: 'Buscar título' }).click();
  const choices = page.getByRole('region', { name: 'Escolha o título' });
  await choices.getByRole('button').first().click();
  const table = page.getByRole('table', { name: /^Totais de / });
  await expect(table.getByRole('columnheader', { name: 'Empréstimos' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Todas as bibliotecas' })).toBeVisible();
}

test.describe('teaching plan, paper posting and title totals', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Carla reads her teaching plan with copies per vacancy', async ({ page }) => {
    await signIn(page);
    await openItem(page, 'Plano de ensino', /\/meupergamum\/plano-ensino$/);
    await showCc101Plan(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('paper posting is refused in place while the repository is not set up', async ({ page }) => {
    await signIn(page);
    await openItem(page, 'Postagem de trabalhos', /\/meupergamum\/postagem-trabalhos$/);
    await page.getByRole('button', { name: 'Ir para o repositório' }).click();
    await expect(page.getByText(/A postagem de trabalhos ainda não está disponível/)).toBeVisible();
    await expect(page).toHaveURL(/\/meupergamum\/postagem-trabalhos$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('title totals: a title found by its words, the period and library, the table', async ({ page }) => {
    await signIn(page);
    await openItem(page, 'Totais de títulos', /\/meupergamum\/totais-titulos$/);
    await showTotals(page);
    // SPEC §5: a period that ends before it starts is refused in place.
    await page.getByLabel('De', { exact: true }).fill('2031-05-10');
    await page.getByLabel('Até', { exact: true }).fill('2031-05-01');
    await page.getByRole('button', { name: 'Mostrar totais' }).click();
    await expect(page.getByText('A data inicial não pode ser posterior à data final.')).toBeVisible();
    await page.getByLabel('De', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Biblioteca', { exact: true }).selectOption({ label: 'Biblioteca Central' });
    await page.getByRole('button', { name: 'Mostrar totais' }).click();
    await expect(page.getByRole('table', { name: /^Totais de 01\/01\/2020 a / })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the teaching plan and the title totals fit the screen', async ({ page }) => {
      await signIn(page);
      await page.goto('/meupergamum/plano-ensino');
      await showCc101Plan(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/meupergamum/totais-titulos');
      await showTotals(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
