import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The privacy screen (LGPD; decision 0045), the personal-area menu's last item, against the real
 * server and the demo library. Ana (apps/api/src/modules/circulation/demo.ts) has three loans and a
 * hold: she reads what the library keeps, changes a choice, downloads her data and asks for her
 * account to be deleted, which is refused at once with each open loan and hold named. She leaves the
 * choice as she found it, so the other journeys see her account unchanged.
 */
const ANA = { login: 'ana', password: 'estante-ana' };
const PATH = '/meupergamum/privacidade';

async function signInAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'Usuário' }).fill(ANA.login);
  await page.getByLabel(/^Senha/).fill(ANA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('privacy (LGPD)', () => {
  // Signing in hashes a password; both journeys sign Ana in, one after the other.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('Ana reads what is kept, changes a choice by keyboard, downloads her data and is refused deletion while her loans are open', async ({
    page,
  }) => {
    await signInAt(page, PATH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacidade');
    const menu = page.getByRole('navigation', { name: 'Menu da área pessoal' });
    await expect(menu.getByRole('link').last()).toHaveText('Privacidade');

    // What is kept, why and on what legal basis, with how many records.
    const loans = page.getByRole('article').filter({ hasText: 'Empréstimos e seu histórico' });
    await expect(loans).toContainText('Para quê');
    await expect(loans).toContainText('Base legal');
    await expect(loans).toContainText(/Registros hoje: \d+/);
    await expect(page.getByRole('heading', { level: 3, name: 'Débitos e afastamentos' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A choice, by keyboard: stop keeping the loan history.
    const history = page.getByRole('checkbox', { name: 'Guardar meu histórico de empréstimos' });
    await expect(history).toBeChecked();
    await tabTo(page, history);
    await page.keyboard.press('Space');
    await expect(history).not.toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Salvar escolhas' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Escolhas salvas.')).toBeVisible();

    // Download all of it as JSON: her own data, table by table.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar em JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dados-ana.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      formato: string;
      pessoa: { login: string };
      tabelas: Record<string, { linhas: { patron_id?: number; keeps_loan_history?: boolean }[] }>;
    };
    expect(data.formato).toBe('estante.dados-pessoais');
    expect(data.pessoa.login).toBe('ana');
    expect(data.tabelas.patron!.linhas[0]!.keeps_loan_history).toBe(false);
    expect(data.tabelas.loan!.linhas.length).toBeGreaterThanOrEqual(3);

    // The loan history now says returned loans leave it, with the way back here.
    await menu.getByRole('link', { name: 'Histórico de empréstimos' }).click();
    await expect(page.getByText(/Você escolheu não guardar seu histórico de empréstimos/)).toBeVisible();
    await page.getByRole('link', { name: 'Mudar em Privacidade' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacidade');

    // Ask for the account to be deleted: refused at once, each open loan and the hold named.
    await page.getByRole('combobox', { name: 'O que você pede' }).selectOption('exclusao');
    await page.getByRole('textbox', { name: 'Observação (opcional)' }).fill('Vou me mudar.');
    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Seu pedido não pode ser aceito agora' });
    await expect(refusal).toBeVisible();
    await expect(
      refusal.getByRole('listitem').filter({ hasText: /^Empréstimo em aberto: .+ \(.+\)$/ }),
    ).toHaveCount(3);
    await expect(refusal.getByRole('listitem').filter({ hasText: /^Reserva em aberto: / })).toHaveCount(1);
    // The request is recorded for the library, refused, in her list of requests.
    const requests = page.getByRole('table').filter({ hasText: 'Recusado' });
    await expect(requests.getByRole('row').nth(1)).toContainText('Excluir minha conta e meus dados');
    expect(await seriousViolations(page)).toEqual([]);

    // Leave the choice as it was.
    await history.check();
    await page.getByRole('button', { name: 'Salvar escolhas' }).click();
    await expect(page.getByText('Escolhas salvas.')).toBeVisible();
  });

  test('on a phone the screen fits the width and downloads the PDF', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAt(page, PATH);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'O que a biblioteca guarda' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar em PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dados-ana.pdf');
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
