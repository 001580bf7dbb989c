import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { openHome, search, seriousViolations } from './helpers';

/**
 * Holds and loan requests end to end (SPEC §2 title tabs 18 and 75 and the confirm dialog, §3 Hold
 * and Loan request, §4, §5, §7 Reservations and Loan request), on the demo library
 * (apps/api/src/modules/circulation/demo.ts): every copy of "Esaú e Jacó" is lent (Bruno has it; Ana
 * and Elisa wait in its queue), and "Terras do sem fim" has a copy on the shelf at the Biblioteca
 * Central. Carla places a hold and cancels it; Elisa requests a loan with home delivery. No other
 * journey holds or requests these titles or signs these patrons in to change their circulation.
 */

const CARLA = { login: 'carla', password: 'estante-carla' };
const ELISA = { login: 'elisa', password: 'estante-elisa' };
const ALL_LENT = 'Esaú e Jacó';
const ON_SHELF = 'Terras do sem fim';

/** Signs a demo patron in from the login page, then opens the home page. */
async function signIn(page: Page, patron: { login: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(patron.login);
  await page.getByLabel(/^Senha/).fill(patron.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
  await openHome(page);
}

/** Opens a record by a title search, as a patron would; answers its cod_acervo. */
async function openRecord(page: Page, title: string): Promise<number> {
  await search(page, title, 'titulo');
  await page.getByRole('list').getByRole('link', { name: title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return Number(/\/acervo\/(\d+)/.exec(page.url())![1]);
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Seções do título' });

/** Presses Tab until `target` has the focus (the keyboard path a patron takes). */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** How many holds already wait for a title, as the server counts them for the patron. */
async function holdsWaiting(request: APIRequestContext, patron: typeof CARLA, titleId: number) {
  const token = await request.post('/api/oauth/token', {
    data: { grant_type: 'password', client_id: '4', username: patron.login, password: patron.password },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const info = await request.get(`/api/reserva/${titleId}/informacoes-iniciais`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return ((await info.json()) as { fila: number }).fila;
}

/** True when the page is no wider than the window (WCAG 1.4.10 reflow). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('holds and loan requests (SPEC §3, §5, §7)', () => {
  // Signing in hashes a password (Argon2id) on a machine shared with other suites: allow for it.
  test.describe.configure({ timeout: 90_000 });

  test('holds a title whose every copy is lent, by keyboard, seeing the queue place first, then cancels it', async ({
    page,
    request,
  }) => {
    await signIn(page, CARLA);
    const titleId = await openRecord(page, ALL_LENT);
    // The place the hold will take: one after the holds already waiting.
    const expected = (await holdsWaiting(request, CARLA, titleId)) + 1;
    expect(expected).toBeGreaterThan(1);

    await tabBar(page).getByRole('link', { name: 'Reserva', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${titleId}/reserva$`));
    await expect(page.getByText(`Reservas na fila deste título: ${expected - 1}`)).toBeVisible();
    // The only library and location are chosen already.
    await expect(page.getByRole('combobox', { name: /Biblioteca de retirada/ })).toHaveValue(/\d+/);
    expect(await seriousViolations(page)).toEqual([]);

    const submit = page.getByRole('button', { name: 'Consultar fila e reservar' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirmação da reserva' });
    await expect(dialog.getByText(`Sua posição na fila será ${expected}.`)).toBeVisible();
    await expect(page.getByRole('main').getByText(`Sua posição na fila será ${expected}.`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, dialog.getByRole('button', { name: 'Confirmar reserva' }), 5);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Sua posição na fila: ${expected}.`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The personal area lists it, with its place in the queue.
    await page.getByRole('link', { name: 'Ver minhas reservas' }).click();
    await expect(page).toHaveURL(/\/meupergamum\/reservas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reservas' })).toBeVisible();
    const open = page.getByRole('table', { name: 'Reservas em aberto' });
    const row = open.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ALL_LENT }) });
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(expected));
    await expect(row.getByRole('cell').nth(2)).toHaveText('Na fila');
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing selected: the screen asks for a selection and cancels nothing.
    const cancel = page.getByRole('button', { name: 'Cancelar reservas selecionadas' });
    await cancel.click();
    await expect(page.getByRole('alert')).toHaveText('Selecione ao menos uma reserva para cancelar.');
    await expect(row).toBeVisible();

    // By keyboard: select the hold, cancel, confirm.
    const checkbox = page.getByRole('checkbox', { name: `Selecionar a reserva de ${ALL_LENT}` });
    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
    await tabTo(page, cancel);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Cancelamento de reservas' });
    await expect(confirm.getByRole('listitem')).toHaveText([ALL_LENT]);
    await tabTo(page, confirm.getByRole('button', { name: 'Cancelar reservas', exact: true }), 5);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status', { name: 'Resultado do cancelamento' })).toContainText(
      `«${ALL_LENT}»: reserva cancelada.`,
    );
    await expect(open.getByRole('rowheader', { name: ALL_LENT })).toHaveCount(0);
    // The history keeps it, cancelled.
    const history = page.getByRole('table', { name: 'Reservas feitas no período' });
    await expect(
      history.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ALL_LENT }) }),
    ).toContainText('Cancelada');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('requests a loan with home delivery: the address is asked first, then the request is listed', async ({
    page,
  }) => {
    await signIn(page, ELISA);
    const titleId = await openRecord(page, ON_SHELF);

    // SPEC §4, as POST /reserva applies it: a hold waits only where no copy it could be served by is
    // on the shelf. Copies wait at two libraries, but the Campus Tecnológico's is lent, so the hold
    // form is offered (for that pickup); the copy on the shelf is asked for by a loan request.
    await tabBar(page).getByRole('link', { name: 'Reserva', exact: true }).click();
    await expect(page.getByRole('combobox', { name: /Biblioteca de retirada/ })).toBeVisible();
    await tabBar(page).getByRole('link', { name: 'Solicitação de empréstimo', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${titleId}/solicitacao-emprestimo$`));

    const form = page.getByRole('main');
    await expect(form.getByRole('textbox', { name: /E-mail/ })).toHaveValue('elisa@demo.estante.example');
    await form
      .getByRole('combobox', { name: /Biblioteca de recebimento/ })
      .selectOption('Biblioteca do Campus Tecnológico');
    await form.getByRole('combobox', { name: /Local de recebimento/ }).selectOption('Entrega em domicílio');
    await form.getByRole('textbox', { name: /Telefone/ }).pressSequentially('+55 48 3721-9000');
    await expect(form.getByRole('textbox', { name: /Telefone/ })).toHaveValue('55 48 3721-9000');
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Solicitar empréstimo' }).click();
    await expect(form.getByRole('alert')).toHaveText('Informe o endereço para a entrega em domicílio.');
    const address = form.getByRole('textbox', { name: /Endereço para entrega/ });
    await expect(address).toBeFocused();
    await expect(form.getByRole('textbox', { name: /Telefone/ })).toHaveValue('55 48 3721-9000');
    expect(await seriousViolations(page)).toEqual([]);

    await address.fill('Rua das Acácias, 120, ap. 3 — Trindade, Florianópolis, 88036-000');
    await form.getByRole('button', { name: 'Solicitar empréstimo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmação da solicitação' });
    await expect(dialog).toContainText('Entrega em domicílio: Rua das Acácias, 120');
    await dialog.getByRole('button', { name: 'Confirmar solicitação' }).click();
    await expect(page.getByRole('status', { name: 'Solicitação registrada' })).toContainText(
      'Biblioteca Central separado para você',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Ver minhas solicitações' }).click();
    await expect(page).toHaveURL(/\/meupergamum\/solicitacoes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitações de empréstimo' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Solicitações de empréstimo no período' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ON_SHELF }) });
    await expect(row).toContainText('Aguardando');
    await expect(row).toContainText('Entrega em domicílio');
    await expect(row).toContainText('Biblioteca Central');
    expect(await seriousViolations(page)).toEqual([]);

    // By state: it is waiting, not finished.
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('Finalizada');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('Nenhuma solicitação no período.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('Aguardando');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(table.getByRole('rowheader', { name: ON_SHELF })).toBeVisible();
  });

  test('at 375 px: the hold tab, the three screens and an inter-library request fit and pass axe', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, CARLA);
    const titleId = await openRecord(page, ALL_LENT);
    await page.goto(`/acervo/${titleId}/reserva`);
    await expect(page.getByRole('button', { name: 'Consultar fila e reservar' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    for (const [path, heading] of [
      ['/meupergamum/reservas', 'Reservas'],
      ['/meupergamum/solicitacoes', 'Solicitações de empréstimo'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
      expect(await fitsWidth(page), path).toBe(true);
      expect(await seriousViolations(page), path).toEqual([]);
    }

    await page.goto('/meupergamum/emprestimo-entre-bibliotecas');
    await expect(page.getByRole('heading', { level: 1, name: 'Empréstimo entre bibliotecas' })).toBeVisible();
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Solicitar' }).click();
    await expect(main.getByRole('alert').first()).toHaveText('Informe o título da obra.');
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('textbox', { name: /Título da obra/ }).fill('Os sertões');
    await main.getByRole('textbox', { name: 'Autor' }).fill('Euclides da Cunha');
    await main
      .getByRole('combobox', { name: /Biblioteca de recebimento/ })
      .selectOption('Biblioteca do Campus Tecnológico');
    await main.getByRole('textbox', { name: /Telefone/ }).fill('(48) 3721-9000');
    await main.getByRole('button', { name: 'Solicitar' }).click();
    await page
      .getByRole('dialog', { name: 'Confirmação da solicitação' })
      .getByRole('button', { name: 'Enviar solicitação' })
      .click();
    await expect(page.getByRole('status', { name: 'Solicitação enviada' })).toBeVisible();
    const list = page.getByRole('table', { name: 'Suas solicitações de empréstimo entre bibliotecas' });
    await expect(list.getByRole('row').filter({ hasText: 'Os sertões' })).toContainText('Aguardando');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
