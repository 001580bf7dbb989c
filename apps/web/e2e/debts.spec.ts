import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';
import { testOnPostgres } from './library-on-postgres';

/**
 * Debts, suspensions and the no-debts declaration end to end (SPEC §2 personal-area menu and confirm
 * dialog, §3 Debt, §4 no-debts declaration, §7 debitos-pendentes, gru, afastamentos, nada-consta*):
 * the demo's Bruno owes a R$ 4.00 fine and has two books out (apps/api/src/modules/circulation/demo.ts);
 * Ana's late loan runs up a fine not charged yet.
 * He sees the debt (also in Spanish), asks for a payment slip, sees he has no suspension, and is
 * refused the declaration; the desk (`estante desk pay`, `checkin`) records the payment and the
 * returns while the catalogue runs; then the declaration is issued, downloaded and e-mailed to a real
 * SMTP server on loopback.
 *
 * The desk is a second process on the catalogue's database, which the embedded database of the other
 * journeys cannot share: this spec starts its own catalogue on a throwaway PostgreSQL cluster (scripts/
 * lib.mjs, as the API tests do) with the demo library, and its own SMTP server.
 */

const test = testOnPostgres();
/** `estante desk …` on the catalogue's database. */
const desk = (library: { estante: (...args: string[]) => Promise<string> }, ...args: string[]) =>
  library.estante('desk', ...args);

const BRUNO = { login: 'bruno', password: 'estante-bruno', email: 'bruno@demo.estante.example' };

/** Signs in from the login page and lands on a personal-area item. */
async function signIn(page: Page, path: string, patron = BRUNO) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(patron.login);
  await page.getByLabel(/^Senha/).fill(patron.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The text of a locator with no-break spaces as plain ones, as a reader sees it. */
async function textOf(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ');
}

/** How far the page is wider than the window (0 or less: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Presses Tab until the element has focus (a keyboard user's way there). */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element was not reached with Tab');
}

test.describe('debts, suspensions and the no-debts declaration (SPEC §3, §4, §7)', () => {
  // One patron's account changes step by step: the steps run in order, in one worker.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('Bruno sees his fine in reais and in Spanish, and gets a payment slip by keyboard', async ({
    page,
  }) => {
    await signIn(page, '/meupergamum/debitos');
    await expect(page.getByRole('heading', { level: 1, name: 'Débitos' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Débitos em aberto' });
    const fine = list.getByRole('listitem');
    await expect(fine).toHaveCount(1);
    const card = await textOf(fine);
    expect(card).toContain('Devolução com 4 dias de atraso');
    expect(card).toContain('Multa por atraso');
    expect(card).toMatch(/Valor da multa\s+R\$ 4,00/);
    expect(card).toMatch(/Valor pendente\s+R\$ 4,00/);
    expect(card).toMatch(/Data do pagamento\s+Nenhum pagamento/);
    expect(await textOf(page.getByRole('region', { name: 'Totais' }))).toMatch(/Total pendente\s+R\$ 4,00/);
    expect(await seriousViolations(page)).toEqual([]);

    // The slip, by keyboard: the library and the whole amount are offered; Enter sends the form.
    const library = page.getByRole('combobox', { name: 'Biblioteca' });
    const amount = page.getByRole('textbox', { name: 'Valor' });
    await expect(amount).toHaveValue('4,00');
    await tabTo(page, library);
    await page.keyboard.press('Tab');
    await expect(amount).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2,50');
    await page.keyboard.press('Enter');
    const slip = page.getByRole('region', { name: /^Guia \d{12}$/ });
    await expect(slip).toBeVisible();
    const number = (await slip.getByRole('heading').innerText()).replace('Guia ', '');
    const details = await textOf(slip);
    expect(details).toMatch(/Valor\s+R\$ 2,50/);
    expect(details).toMatch(/Vencimento\s+\d{2}\/\d{2}\/\d{4}/);
    expect(details).toMatch(/Linha digitável\s+[\d ]{20,}/);
    await expect(page.getByRole('status').filter({ hasText: `Guia ${number} gerada.` })).toBeVisible();
    const download = slip.getByRole('button', { name: 'Baixar a guia (PDF)' });
    await download.focus();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(pdf.suggestedFilename()).toBe(`guia-${number}.pdf`);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await seriousViolations(page)).toEqual([]);

    // A phone: nothing scrolls sideways and the form is still there to use.
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    for (const control of [
      page.getByRole('combobox', { name: 'Biblioteca' }),
      page.getByRole('textbox', { name: 'Valor' }),
      page.getByRole('button', { name: 'Gerar guia' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // In Spanish the texts say COP$ (SPEC §9); the figure is the same.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/meupergamum/debitos?lang=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Deudas' })).toBeVisible();
    const spanish = await textOf(page.getByRole('region', { name: 'Deudas pendientes' }));
    expect(spanish).toMatch(/Valor de la multa\s+COP\$ 4,00/);
    expect(spanish).toContain('Devolución con 4 días de retraso');
    await expect(page.getByRole('textbox', { name: 'Valor' })).toHaveValue('4,00');
  });

  test('Bruno has no suspension, and is refused the declaration with the reason', async ({ page }) => {
    await signIn(page, '/meupergamum/afastamentos');
    await expect(page.getByRole('heading', { level: 1, name: 'Afastamentos' })).toBeVisible();
    await expect(page.getByText('Você não tem afastamentos.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Nada consta' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nada consta' })).toBeVisible();
    await expect(page.getByText('A declaração não pode ser emitida agora')).toBeVisible();
    await expect(
      page.getByText('Não é possível emitir o nada consta: há empréstimos em aberto.'),
    ).toBeVisible();
    const facts = await textOf(page.locator('dl'));
    expect(facts).toMatch(/Empréstimos em aberto\s+2/);
    expect(facts).toMatch(/Valor devido\s+R\$ 4,00/);
    await expect(page.getByRole('button', { name: 'Solicitar a declaração de nada consta' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a suspended patron sees the running one marked', async ({ page }) => {
    // Diego (community) was suspended for a late return, then by the desk (still running).
    await signIn(page, '/meupergamum/afastamentos', {
      login: 'diego',
      password: 'estante-diego',
      email: 'diego@demo.estante.example',
    });
    // The screen's list, not the menu's.
    const items = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Situação' });
    await expect(items).toHaveCount(2);
    expect(await textOf(items.nth(0))).toMatch(/Situação\s+Em andamento/);
    expect(await textOf(items.nth(0))).toContain('Dano ao material emprestado');
    expect(await textOf(items.nth(1))).toMatch(/Situação\s+Encerrado/);
    expect(await textOf(items.nth(1))).toContain('Atraso na devolução');
    await expect(page.getByText(/^Você está afastado até \d{2}\/\d{2}\/\d{4}:/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Ana, with a late loan and nothing charged, sees its fine accruing, not final, on a phone', async ({
    page,
  }) => {
    // Ana's loan is days late (demo.ts): the fine is charged on return, and runs up until then.
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, '/meupergamum/debitos', {
      login: 'ana',
      password: 'estante-ana',
      email: 'ana@demo.estante.example',
    });
    const accruing = page.getByRole('region', { name: 'Multas em curso' });
    await expect(accruing.getByRole('listitem')).toHaveCount(1);
    expect(await textOf(accruing)).toMatch(
      /Multa até hoje\s+R\$ \d,00 provisória\s+R\$ 1,00 por dia de atraso/,
    );
    expect(await textOf(accruing)).toMatch(/Total em curso até hoje\s+R\$ \d,00 provisória/);
    await expect(page.getByText('Você não tem débitos pendentes.')).toHaveCount(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the desk takes the payment while the page is open: the refusals come in the patron’s words', async ({
    page,
    library,
  }) => {
    await signIn(page, '/meupergamum/debitos');
    const amount = page.getByRole('textbox', { name: 'Valor' });
    await expect(amount).toHaveValue('4,00');

    expect(await desk(library, 'pay', 'bruno', '1.50')).toContain('still owed R$ 2.50');
    await page.getByRole('button', { name: 'Gerar guia' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'O valor da guia deve ser maior que zero e no máximo o total devido nesta biblioteca.',
    );
    await expect(amount).toHaveValue('4,00');

    expect(await desk(library, 'pay', 'bruno', '2.50')).toContain('still owed R$ 0.00');
    await amount.fill('2,5');
    await page.getByRole('button', { name: 'Gerar guia' }).click();
    await expect(page.getByRole('alert')).toContainText('Não há débitos nesta biblioteca.');
    await expect(amount).toHaveValue('2,5');
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByText('Você não tem débitos pendentes.')).toBeVisible();
  });

  test('after the returns the declaration is issued, downloaded and e-mailed', async ({ page, library }) => {
    const loans = await desk(library, 'loans', 'bruno');
    const copies = [...loans.matchAll(/\[([^\]:]+:[^\]]+)\] due /g)].map((m) => m[1]!);
    expect(copies).toHaveLength(2);
    for (const copy of copies) expect(await desk(library, 'checkin', copy)).toMatch(/^Loan \d+ returned/);
    expect(await desk(library, 'loans', 'bruno')).toContain('owes R$ 0.00');

    await signIn(page, '/meupergamum/nada-consta');
    const request = page.getByRole('button', { name: 'Solicitar a declaração de nada consta' });
    await expect(page.getByText('A emissão encerra o seu vínculo com a biblioteca')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // By keyboard: Escape closes the dialog and counts as cancel (SPEC §2); nothing is issued.
    await request.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Emitir a declaração de nada consta?' });
    await expect(dialog).toContainText('seu vínculo com a biblioteca é encerrado');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(request).toBeVisible();

    await request.focus();
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Emitir e encerrar o vínculo' }));
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: 'Sua declaração de nada consta' });
    await expect(heading).toBeFocused();
    await expect(
      page.getByText('Declaração emitida. Seu vínculo com a biblioteca foi encerrado.'),
    ).toBeVisible();
    const code = /Código de verificação: (\w{12})/.exec(await page.getByRole('main').innerText())?.[1];
    expect(code).toBeTruthy();

    await page.getByRole('button', { name: 'Baixar a declaração (PDF)' }).focus();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(pdf.suggestedFilename()).toBe(`nada-consta-${code}.pdf`);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    const emails = page.getByRole('textbox', { name: /^E-mails/ });
    await expect(emails).toHaveValue(BRUNO.email);
    await emails.fill(`${BRUNO.email}; secretaria@`);
    await page.getByRole('button', { name: 'Enviar a declaração' }).click();
    await expect(page.getByText('O e-mail “secretaria@” não é válido.')).toBeVisible();
    await emails.fill(BRUNO.email);
    await page.getByRole('button', { name: 'Enviar a declaração' }).click();
    await expect(page.getByText(`Declaração enviada para ${BRUNO.email}.`)).toBeVisible();
    await expect.poll(() => library.smtp.received.filter((m) => m.to.includes(BRUNO.email)).length).toBe(1);
    const mail = library.smtp.received.find((m) => m.to.includes(BRUNO.email))!;
    expect(mail.raw).toMatch(new RegExp(`filename="?nada-consta-${code}\\.pdf"?`));
    expect(await seriousViolations(page)).toEqual([]);

    // Coming back, the declaration issued is offered again; it cannot be asked for twice.
    await page.reload();
    await expect(page.getByText(`Código de verificação: ${code}`)).toBeVisible();
    await expect(request).toHaveCount(0);
  });
});
