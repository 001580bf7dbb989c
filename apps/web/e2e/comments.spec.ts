import { expect, type Locator, type Page } from '@playwright/test';
import { openDemoRecord, seriousViolations } from './helpers';
import { testOnPostgres } from './library-on-postgres';

const test = testOnPostgres();

/**
 * Title comments end to end (SPEC §4 "sent, shown only after library approval", §5, §7 /comentarios/…,
 * §8; decision 0042): a visitor reads a record's comments and is asked to sign in; Ana signs in there,
 * writes a comment by keyboard, finds it awaiting approval on the record and in "My comments"; the
 * librarian approves it with `estante comments approve` and it shows on the record page, as plain
 * text; Ana deletes it. On a phone, Bruno's comment is refused with a reason he reads in his list.
 *
 * The moderation command is a second process on the catalogue's database: this spec runs on a
 * catalogue of its own on PostgreSQL (library-on-postgres.ts).
 */

const ANA = { login: 'ana', password: 'estante-ana' };
const BRUNO = { login: 'bruno', password: 'estante-bruno' };
const ANA_TEXT = 'Li duas vezes: <b>Capitu</b> traiu ou não?\nRecomendo a edição comentada.';

const commentsSection = (page: Page) => page.getByRole('region', { name: 'Comentários', exact: true });

/** Presses Tab until `target` has the focus (the keyboard path a patron takes). */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element was not reached with Tab');
}

/** Signs in through the sign-in modal the comments section opens, staying on the record. */
async function signInFromSection(page: Page, patron: { login: string; password: string }) {
  await commentsSection(page).getByRole('button', { name: 'Entrar para comentar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Usuário' }).fill(patron.login);
  await dialog.getByLabel(/^Senha/).fill(patron.password);
  await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** The id `estante comments pending` prints for the comment whose text starts with `start`. */
async function pendingId(output: string, start: string): Promise<string> {
  const line = output.split('\n').find((l) => l.includes(`: ${start}`));
  if (!line) throw new Error(`no pending comment starting "${start}" in:\n${output}`);
  return line.split(' ')[0]!;
}

test.describe('title comments (SPEC §4, §7 /comentarios/…)', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('a comment shows on the record only after the library approves it; its author deletes it', async ({
    page,
    library,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDemoRecord(page);
    const recordUrl = page.url();
    const section = commentsSection(page);
    await expect(section.getByText('Ainda não há comentários publicados sobre esta obra.')).toBeVisible();
    await expect(section.getByText('Entre com a sua conta para comentar esta obra.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signInFromSection(page, ANA);
    await expect(page).toHaveURL(recordUrl);
    const field = section.getByRole('textbox', { name: /^Seu comentário/ });
    // By keyboard: to the field, the text, then to the button and Enter.
    await tabTo(page, field);
    await page.keyboard.type(ANA_TEXT);
    await tabTo(page, section.getByRole('button', { name: 'Enviar comentário' }), 5);
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Comentário enviado. Ele aparecerá aqui depois que a biblioteca o aprovar.'),
    ).toBeVisible();
    await expect(field).toHaveValue('');
    const waiting = section.getByRole('list', { name: 'Seus comentários aguardando aprovação' });
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await expect(waiting).toContainText('Aguardando aprovação');
    // Awaiting approval, it is not among the published comments.
    await expect(section.getByText('Ainda não há comentários publicados sobre esta obra.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/meupergamum/comentarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Meus comentários' })).toBeVisible();
    const mine = page.getByRole('list', { name: 'Seus comentários' });
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await expect(mine.getByRole('link', { name: /Dom Casmurro/ })).toHaveAttribute(
      'href',
      new URL(recordUrl).pathname,
    );
    await expect(mine).toContainText('Aguardando aprovação');
    expect(await seriousViolations(page)).toEqual([]);

    // The librarian approves it by command, while the catalogue runs.
    const id = await pendingId(await library.estante('comments', 'pending'), 'Li duas vezes');
    expect(await library.estante('comments', 'approve', id)).toContain(`Comment ${id} approved`);

    await page.reload();
    await expect(mine).toContainText('Aprovado');
    await page.goto(recordUrl);
    const published = section.getByRole('list', { name: 'Comentários' });
    await expect(published.getByRole('listitem')).toHaveCount(1);
    await expect(published).toContainText(/Ana, em \d{2}\/\d{2}\/\d{4}/);
    // Plain text: the markup shows as typed, and makes no element.
    await expect(published).toContainText('<b>Capitu</b> traiu ou não?');
    await expect(published.locator('b')).toHaveCount(0);
    await expect(section.getByRole('list', { name: 'Seus comentários aguardando aprovação' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Deleting asks first; cancelling keeps it.
    await page.goto('/meupergamum/comentarios');
    const remove = mine.getByRole('button', { name: /^Excluir o comentário sobre Dom Casmurro/ });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Excluir comentário' });
    await confirm.getByRole('button', { name: 'Manter' }).click();
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await remove.click();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Comentário excluído.')).toBeVisible();
    await expect(page.getByText(/Você ainda não comentou nenhuma obra/)).toBeVisible();
    await page.goto(recordUrl);
    await expect(section.getByText('Ainda não há comentários publicados sobre esta obra.')).toBeVisible();

    // In English too.
    await page.goto(`${recordUrl}?lang=en`);
    const english = page.getByRole('region', { name: 'Comments', exact: true });
    await expect(english.getByText('No comments on this work have been published yet.')).toBeVisible();
    await expect(english.getByRole('textbox', { name: 'Your comment' })).toBeVisible();
  });

  test('on a phone: a refused comment shows its reason in the list, and nowhere else', async ({
    page,
    library,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openDemoRecord(page);
    const recordUrl = page.url();
    await signInFromSection(page, BRUNO);
    const section = commentsSection(page);
    await section.getByRole('textbox', { name: /^Seu comentário/ }).fill('Compre na minha loja!');
    await section.getByRole('button', { name: 'Enviar comentário' }).click();
    await expect(section.getByRole('list', { name: 'Seus comentários aguardando aprovação' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    const id = await pendingId(await library.estante('comments', 'pending'), 'Compre na minha loja');
    await library.estante('comments', 'refuse', id, '--reason', 'Propaganda não é permitida.');

    // Through the menu, behind the burger on a phone.
    await page.goto('/meupergamum');
    await page.getByRole('button', { name: 'Abrir o menu da área pessoal' }).click();
    await page.getByRole('link', { name: 'Meus comentários' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meus comentários' })).toBeVisible();
    const mine = page.getByRole('list', { name: 'Seus comentários' });
    await expect(mine).toContainText('Recusado');
    await expect(mine).toContainText('Motivo da recusa: Propaganda não é permitida.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // In Spanish too.
    await page.goto('/meupergamum/comentarios?lang=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis comentarios' })).toBeVisible();
    const mias = page.getByRole('list', { name: 'Sus comentarios' });
    await expect(mias).toContainText('Rechazado');
    await expect(mias).toContainText('Motivo del rechazo: Propaganda não é permitida.');

    await page.goto(`${recordUrl}?lang=pt`);
    await expect(section.getByText('Ainda não há comentários publicados sobre esta obra.')).toBeVisible();
  });
});
