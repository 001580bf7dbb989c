import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The circulation desk (decision 0058) on the demo library, by keyboard alone as a barcode scanner
 * types: the circulation librarian finds Caio (leitor.demo02) by login and lends him the only copy
 * of "O diabo e a terra de Santa Cruz"; Leonardo (equipe.catalogacao, a patron too) holds the title
 * meanwhile; the return says the copy goes to the holds shelf for Leonardo, and the receipt and the
 * shelf show it. Leonardo then borrows it and brings it back, so the copy ends on the shelf as it
 * began. On a phone the desk opens and passes axe. The server's own checks are the API tests'.
 */

const DESK = { login: 'equipe.circulacao', password: 'estante-equipe-circulacao' };
const READER = { login: 'leitor.demo02', name: 'Caio Martins' };
const HOLDER = {
  login: 'equipe.catalogacao',
  password: 'estante-equipe-catalogacao',
  name: 'Leonardo Pires Teles',
};
const COPY = '0409-1';
const TITLE = 'O diabo e a terra de Santa Cruz : feitiçaria e religiosidade popular no Brasil colonial';
const DAY = /\d{2}\/\d{2}\/\d{4}/;

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(DESK.login);
  await page.getByLabel(/^Senha/).fill(DESK.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

/** Moves the focus with Tab (or Shift+Tab) until `target` has it, as someone at the desk would. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab'): Promise<void> {
  for (let i = 0; i < 8; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Leonardo holds the title through the portal, as a patron would. */
async function placeHold(request: APIRequestContext, titleId: number, libraryId: number): Promise<void> {
  const token = await request.post('/api/oauth/token', {
    data: { grant_type: 'password', client_id: '4', username: HOLDER.login, password: HOLDER.password },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const hold = await request.post('/api/reserva', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { cod_acervo: titleId, biblioteca: libraryId },
  });
  expect(hold.status()).toBe(201);
}

test.describe('circulation desk', () => {
  test('a checkout and a check-in by keyboard alone, with a hold waiting', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    const titleIds: number[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/api/equipe/balcao/emprestimos') && response.status() === 201) {
        const loan = (await response.json()) as {
          cod_acervo: number;
          biblioteca: { cod_biblioteca: number };
        };
        titleIds.push(loan.cod_acervo, loan.biblioteca.cod_biblioteca);
      }
    });
    await page.goto('/equipe/balcao');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Balcão de circulação');

    // The patron field has the focus: the login, Enter; then the copy field takes it.
    const patronField = page.getByRole('textbox', { name: /^Leitor/ });
    await expect(patronField).toBeFocused();
    await page.keyboard.type(READER.login);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 2, name: `${READER.name} (${READER.login})` }),
    ).toBeVisible();
    const checkoutField = page.getByRole('textbox', { name: /^Exemplar a emprestar/ });
    await expect(checkoutField).toBeFocused();
    await page.keyboard.type(COPY);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `"${TITLE}" (${COPY}) emprestado a ${READER.name}` }),
    ).toContainText(DAY);
    await expect(checkoutField).toHaveValue('');
    await expect(checkoutField).toBeFocused();
    const loans = page.getByRole('table', { name: /empréstimo em aberto/ });
    await expect(loans.getByRole('row', { name: new RegExp(TITLE) })).toContainText(COPY);

    // Scanning it again is refused in place, in words, with the number kept.
    await page.keyboard.type(COPY);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Este exemplar já está emprestado.' }),
    ).toBeVisible();
    await expect(checkoutField).toHaveValue(COPY);
    expect(await seriousViolations(page)).toEqual([]);

    // Meanwhile Leonardo holds the title.
    expect(titleIds).toHaveLength(2);
    await placeHold(request, titleIds[0]!, titleIds[1]!);

    // Check-in: back to its field by keyboard, the number, Enter.
    const checkinField = page.getByRole('textbox', { name: /^Exemplar a devolver/ });
    await tabTo(page, checkinField, 'Shift+Tab');
    await page.keyboard.type(COPY);
    await page.keyboard.press('Enter');
    const toShelf = page.getByRole('status').filter({ hasText: 'Para a estante de reservas' });
    await expect(toShelf).toContainText(
      `"${TITLE}" (${COPY}) devolvido por ${READER.name} (${READER.login}).`,
    );
    await expect(toShelf).toContainText(
      `Leve o exemplar à estante de reservas: separado para ${HOLDER.name} (${HOLDER.login}), retirada até`,
    );
    await expect(checkinField).toBeFocused();

    // The receipt: what was lent, with its due date, and what came back.
    const receipt = page.getByRole('list', { name: 'Comprovante' });
    await expect(receipt.getByRole('listitem')).toHaveCount(2);
    await expect(receipt.getByRole('listitem').first()).toContainText(`Empréstimo: "${TITLE}" (${COPY}`);
    await expect(receipt.getByRole('listitem').first()).toContainText(/Devolver até \d{2}\/\d{2}\/\d{4}\./);
    await expect(receipt.getByRole('listitem').last()).toContainText(`Devolução: "${TITLE}" (${COPY}`);
    await expect(page.getByRole('button', { name: 'Imprimir comprovante' })).toBeEnabled();

    // The holds shelf lists it with the pickup deadline.
    const shelf = page.getByRole('table', { name: /aguarda(m)? retirada/ });
    await expect(shelf.getByRole('row', { name: new RegExp(COPY) })).toContainText(
      `${HOLDER.name} (${HOLDER.login})`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // Printed, the page is the receipt alone: the desk's forms and the header are not on paper.
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    await expect(shelf).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Leonardo borrows it (his hold is fulfilled) and brings it back: the copy is on the shelf again.
    await tabTo(page, patronField, 'Tab');
    await page.keyboard.type(HOLDER.login);
    await page.keyboard.press('Enter');
    await expect(checkoutField).toBeFocused();
    await page.keyboard.type(COPY);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'A reserva do leitor foi atendida.' }),
    ).toBeVisible();
    await tabTo(page, checkinField, 'Shift+Tab');
    await page.keyboard.type(COPY);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'O exemplar volta à estante.' })).toBeVisible();
  });

  test.describe('on a 390-pixel-wide phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the desk opens and passes axe', async ({ page }) => {
      await signIn(page);
      await page.goto('/equipe/balcao');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Balcão de circulação');
      await expect(page.getByRole('textbox', { name: /^Leitor/ })).toBeFocused();
      await expect(page.getByRole('heading', { level: 2, name: 'Estante de reservas' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
