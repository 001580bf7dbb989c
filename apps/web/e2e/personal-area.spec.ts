import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The personal area (decision 0028) against the real server and the demo library: its menu, and the
 * loan screens with a demo patron's own loans. Ana (apps/api/src/modules/seed/demo.ts, circulation
 * demo.ts) has three loans made in the past weeks: one late, one renewed once, one recent.
 */
const ANA = { login: 'ana', password: 'estante-ana', name: 'Ana Beatriz Souza' };

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu da área pessoal' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The header's title: the institution link says personal area or online catalogue (SPEC "Page chrome"). */
const headerTitle = (page: Page) => page.getByRole('banner').locator('a[href="/"]');

/** Opens a personal-area address as a visitor, signs in on the login it sends to, and lands back there. */
async function signInAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(ANA.login);
  await page.getByLabel(/^Senha/).fill(ANA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/**
 * Presses Tab (or Shift+Tab, backwards) until `target` has the focus, as a keyboard user would, or
 * fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

test.describe('personal area: loans, renewal, history and loan token', () => {
  // Signing in hashes a password, and the journey renews Ana's loans: one at a time, with room for it.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('Ana sees her late loan marked, renews two (one refused with its reason), then her history and token', async ({
    page,
  }) => {
    await signInAt(page, '/meupergamum/emprestimos');
    await expect(heading(page)).toHaveText('Empréstimos');
    await expect(page).toHaveTitle(/^Empréstimos/);
    await expect(headerTitle(page)).toContainText('Minha conta');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(3);

    // The late loan says so in words, not by colour alone.
    const late = cards.filter({ hasText: /Em atraso há \d+ dias?/ });
    await expect(late).toHaveCount(1);
    await expect(late.getByText('Atrasado', { exact: true })).toBeVisible();
    await expect(late).toContainText(
      'Não pode ser renovado agora. Empréstimo em atraso: não pode ser renovado.',
    );
    // Its fine so far, not charged until the return, says it is not final.
    await expect(late).toContainText(/Multa até hoje\s*R\$\s\d,00\sprovisória\s*R\$\s1,00 por dia de atraso/);
    const lateTitle = (await late.getByRole('heading', { level: 3 }).innerText()).trim();
    const renewableTitle = (
      await cards
        .filter({ hasText: /Pode ser renovado agora/ })
        .first()
        .getByRole('heading', { level: 3 })
        .innerText()
    ).trim();
    // Named by its title: after the renewal it may no longer say it can be renewed.
    const renewable = cards.filter({ has: page.getByRole('heading', { level: 3, name: renewableTitle }) });
    const dueBefore = await renewable.locator('dd').first().innerText();
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing selected: refused in place, nothing asked.
    await page.getByRole('button', { name: /^Renovar selecionados/ }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Selecione ao menos um item para renovar.' }),
    ).toBeVisible();

    await late.getByRole('checkbox').check();
    await renewable.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Renovar selecionados (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmação' });
    await expect(dialog).toContainText('Renovar os 2 títulos abaixo?');
    await expect(dialog).toContainText(lateTitle);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Renovar', exact: true }).click();
    await expect(dialog).toBeHidden();

    const results = page.getByRole('region', { name: 'Resultado da renovação' });
    await expect(results.getByRole('heading', { name: 'Resultado da renovação' })).toBeFocused();
    await expect(results.getByRole('listitem').filter({ hasText: lateTitle })).toHaveText(
      `${lateTitle}: não renovado. Empréstimo em atraso: não pode ser renovado.`,
    );
    const renewed = results.getByRole('listitem').filter({ hasText: renewableTitle });
    await expect(renewed).toHaveText(
      new RegExp(`^${renewableTitle}: renovado\\. Nova data de devolução: \\d{2}/\\d{2}/\\d{4}\\.$`),
    );
    // The list is read again: the renewed loan's return date moved, the late one's did not.
    const newDue = /(\d{2}\/\d{2}\/\d{4})/.exec(await renewed.innerText())?.[1];
    await expect(renewable.locator('dd').first()).toHaveText(newDue!);
    expect(newDue).not.toBe(dueBefore);
    expect(await seriousViolations(page)).toEqual([]);

    // History: the last month, with the three loans; a start after the end is refused, keeping what was typed.
    await menu(page).getByRole('link', { name: 'Histórico de empréstimos' }).click();
    await expect(page).toHaveURL(/\/meupergamum\/historico$/);
    await expect(heading(page)).toHaveText('Histórico de empréstimos');
    const history = page.getByRole('region', {
      name: /^Empréstimos de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/,
    });
    await expect(history.getByRole('row').filter({ hasText: lateTitle })).toContainText('Atrasado');
    await expect(history.getByRole('row').filter({ hasText: renewableTitle })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('De', { exact: true }).fill('2030-01-10');
    await page.getByLabel('Até', { exact: true }).fill('2030-01-01');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('A data inicial não pode ser posterior à data final.')).toBeVisible();
    await expect(page.getByLabel('De', { exact: true })).toHaveValue('2030-01-10');
    await expect(page.getByLabel('Até', { exact: true })).toHaveValue('2030-01-01');
    expect(await seriousViolations(page)).toEqual([]);

    // The back button returns to the loans.
    await page.goBack();
    await expect(page).toHaveURL(/\/meupergamum\/emprestimos$/);
    await expect(heading(page)).toHaveText('Empréstimos');

    // Renewal: what can be renewed, and the automatic-renewal switch (turned off, then on again).
    await menu(page).getByRole('link', { name: 'Renovação' }).click();
    await expect(heading(page)).toHaveText('Renovação');
    const loansTable = page.getByRole('region', { name: 'Tabela dos empréstimos e da renovação' });
    await expect(loansTable.getByRole('row').filter({ hasText: lateTitle })).toContainText(
      'Não pode ser renovado agora',
    );
    const automatic = page.getByRole('switch', { name: 'Renovar automaticamente no dia da devolução' });
    // On by default (decision 0025); whatever it is, it is turned over, kept, and turned back.
    const wasOn = await automatic.isChecked();
    const said = (isOn: boolean) =>
      page
        .getByRole('status')
        .filter({ hasText: isOn ? 'Renovação automática ativada.' : 'Renovação automática desativada.' });
    await automatic.setChecked(!wasOn);
    await expect(said(!wasOn)).toBeVisible();
    await page.reload();
    await expect(heading(page)).toHaveText('Renovação');
    if (wasOn) await expect(automatic).not.toBeChecked();
    else await expect(automatic).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await automatic.setChecked(wasOn);
    await expect(said(wasOn)).toBeVisible();

    // Loan token: made on demand, with its validity and its QR code; a new one replaces it.
    await menu(page).getByRole('link', { name: 'Token de empréstimo' }).click();
    await expect(heading(page)).toHaveText('Token de empréstimo');
    await page.getByRole('button', { name: /^Gerar (novo )?token$/ }).click();
    const token = page.getByTestId('loan-token');
    await expect(token).toHaveText(/^[A-HJ-NP-Z2-9]{8}$/);
    const first = await token.innerText();
    await expect(page.getByText(/^Válido até \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/)).toBeVisible();
    const qr = page.getByRole('img', { name: `Código QR do token ${first}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Gerar novo token' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Novo token gerado.' })).toBeVisible();
    await expect(token).not.toHaveText(first);
    await expect(
      page.getByRole('img', { name: `Código QR do token ${await token.innerText()}` }),
    ).toBeVisible();
  });

  test('the menu works by keyboard, and hiding it is remembered', async ({ page }) => {
    await signInAt(page, '/meupergamum');
    await expect(heading(page)).toHaveText('Minha conta');
    await expect(page.getByText(`Bem-vindo(a), ${ANA.name}`)).toBeVisible();
    // The first page is the dashboard: what needs the patron now, each with its way to the screen.
    for (const name of ['Empréstimos', 'Reservas', 'Débitos', 'Solicitações', 'Alertas']) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Ver empréstimos' })).toHaveAttribute(
      'href',
      '/meupergamum/emprestimos',
    );
    const links = menu(page).getByRole('link');
    // Contained, not equal: an item may carry its count (the dashboard's, decision 0046).
    await expect(links).toContainText([
      'Visão geral',
      'Empréstimos',
      'Renovação',
      'Débitos',
      'Afastamentos',
      'Nada consta',
      'Histórico de empréstimos',
      'Cesta permanente e listas',
      'Reservas',
      'Solicitações de empréstimo',
      'Empréstimo entre bibliotecas',
      'Meus comentários',
      'Bases de dados',
      'Dados pessoais',
      'Troca de usuário',
      'Senha',
      'Token de empréstimo',
      'Alertas',
      'Privacidade',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // Tab to an item and open it with Enter: the address changes and focus lands on the new h1.
    await tabTo(page, menu(page).getByRole('link', { name: 'Renovação' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/meupergamum\/renovacao$/);
    await expect(heading(page)).toHaveText('Renovação');
    await expect(heading(page)).toBeFocused();
    await expect(menu(page).getByRole('link', { name: 'Renovação' })).toHaveAttribute('aria-current', 'page');

    // The menu comes before the page's content: back up to the next item and open it.
    await tabTo(page, menu(page).getByRole('link', { name: 'Token de empréstimo' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/meupergamum\/token-emprestimo$/);
    await expect(heading(page)).toBeFocused();

    // Hide the menu with the keyboard; it stays hidden after a reload, and comes back the same way.
    const hide = page.getByRole('button', { name: 'Ocultar menu' });
    await hide.focus();
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeHidden();
    await page.reload();
    await expect(heading(page)).toHaveText('Token de empréstimo');
    await expect(menu(page)).toBeHidden();
    const show = page.getByRole('button', { name: 'Mostrar menu' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.focus();
    await page.keyboard.press('Space');
    await expect(menu(page)).toBeVisible();
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the menu is behind a burger, and the header title follows the path', async ({ page }) => {
      await signInAt(page, '/meupergamum/historico');
      await expect(heading(page)).toHaveText('Histórico de empréstimos');
      await expect(headerTitle(page)).toContainText('Minha conta');
      await expect(menu(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Ocultar menu' })).toBeHidden();
      // Nothing wider than the screen (WCAG 1.4.10): tables scroll in their own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);

      const burger = page.getByRole('button', { name: 'Abrir o menu da área pessoal' });
      await burger.click();
      const drawer = page.getByRole('dialog', { name: 'Menu da área pessoal' });
      await expect(drawer.getByRole('link', { name: 'Histórico de empréstimos' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(await seriousViolations(page)).toEqual([]);
      // The item carries its count when the patron has late or soon-due loans (decision 0046).
      await drawer.getByRole('link', { name: /^Empréstimos(, \d+ pedem? atenção)?$/ }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/meupergamum\/emprestimos$/);
      await expect(heading(page)).toHaveText('Empréstimos');
      await expect(heading(page)).toBeFocused();
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);

      // Escape closes the drawer and gives the focus back to the burger.
      await burger.click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(burger).toBeFocused();

      // Outside the personal area the header says online catalogue.
      await headerTitle(page).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(headerTitle(page)).toContainText('Catálogo online');
      await expect(headerTitle(page)).not.toContainText('Minha conta');
    });
  });
});
