import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';
import { testOnPostgres } from './library-on-postgres';

const test = testOnPostgres();

/**
 * Purchase suggestions end to end (SPEC §3 purchase suggestion, §4 statuses, §5, §7 /aquisicao/…;
 * decision 0050): Carla, a professor, sends a suggestion from her personal area (the form names the
 * required fields she left empty), finds it as a pre-suggestion in her suggestion query; the
 * librarian moves it with `estante suggestions move` and puts it in a purchase order; Carla reads
 * its new status and history, gets one e-mail, and sees the order with its state. On a phone she
 * reads the same, within the screen's width.
 *
 * The librarian's command is a second process on the catalogue's database: this spec runs on a
 * catalogue of its own on PostgreSQL (library-on-postgres.ts).
 */

const CARLA = { login: 'carla', password: 'estante-carla', email: 'carla@demo.estante.example' };
const TITLE = 'Memórias do cárcere';

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(CARLA.login);
  await page.getByLabel(/^Senha/).fill(CARLA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

const suggestionCard = (page: Page) => page.getByRole('article', { name: TITLE });

test.describe('purchase suggestions (SPEC §4, §7 /aquisicao/…)', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('Carla sends a suggestion, the library moves it and orders it, and she follows it', async ({
    page,
    library,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await page.goto('/meupergamum/aquisicao');
    await expect(page.getByRole('heading', { level: 1, name: 'Sugerir aquisição' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Sugestão de aquisição' });
    // SPEC §5: title and publisher are required; each warning names its field, the focus goes to the first.
    await form.getByRole('button', { name: 'Enviar sugestão' }).click();
    await expect(form.getByText('O campo Título é obrigatório.')).toBeVisible();
    await expect(form.getByText('O campo Editora é obrigatório.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: /^Título/ })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole('textbox', { name: /^Autor/ }).fill('Graciliano Ramos');
    await form.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
    await form.getByRole('textbox', { name: /^Editora/ }).fill('Record');
    await form.getByRole('button', { name: 'Enviar sugestão' }).click();
    await expect(page.getByText(`Sugestão "${TITLE}" enviada.`)).toBeVisible();
    await expect(form.getByRole('textbox', { name: /^Título/ })).toHaveValue('');

    await page.getByRole('link', { name: 'Acompanhar minhas sugestões' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Consulta de sugestões' })).toBeVisible();
    await expect(suggestionCard(page)).toContainText('Pré-sugestão');
    await expect(suggestionCard(page)).toContainText('Graciliano Ramos · Record');
    expect(await seriousViolations(page)).toEqual([]);

    // The librarian moves it by command, while the catalogue runs, and orders it.
    const listed = await library.estante('suggestions', 'list', '--status', 'pre-sugestao');
    const id = listed
      .split('\n')
      .find((line) => line.includes(`"${TITLE}"`))
      ?.split(' ')[0];
    expect(id).toMatch(/^\d+$/);
    expect(
      await library.estante(
        'suggestions',
        'move',
        id!,
        'sugestao-compra',
        '--note',
        'Aprovada pela comissão',
      ),
    ).toContain('pre-sugestao → sugestao-compra');
    const opened = await library.estante(
      'suggestions',
      'order',
      'create',
      id!,
      '--supplier',
      'Livraria Cultura',
    );
    const orderId = /Purchase order (\d+) opened/.exec(opened)![1]!;
    await library.estante('suggestions', 'order', 'move', orderId, 'enviado');

    await page.reload();
    const card = suggestionCard(page);
    await expect(card).toContainText('Sugestão de compra');
    await expect(card.getByRole('listitem')).toHaveCount(2);
    await expect(card.getByRole('listitem').last()).toContainText(
      'Sugestão de compra — Aprovada pela comissão',
    );
    // The status filter asks again: in another status, it is not listed.
    const filter = page.getByRole('form', { name: 'Filtrar sugestões' });
    await filter.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Em cotação' });
    await filter.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('Nenhuma sugestão nesse período e situação.')).toBeVisible();
    await filter.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Sugestão de compra' });
    await filter.getByRole('button', { name: 'Consultar' }).click();
    await expect(suggestionCard(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // One e-mail told her of the move (the API tests read its text).
    await expect.poll(() => library.smtp.received.filter((m) => m.to.includes(CARLA.email)).length).toBe(1);

    await page.goto('/meupergamum/pedidos-compra');
    await expect(page.getByRole('heading', { level: 1, name: 'Pedidos de compra' })).toBeVisible();
    const order = page.getByRole('article', { name: `Pedido ${orderId}` });
    await expect(order).toContainText('Enviado ao fornecedor');
    await expect(order).toContainText('Livraria Cultura');
    await expect(order.getByRole('listitem')).toHaveText([`${TITLE} — Sugestão de compra`]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('Carla reads her suggestion’s status and history within the screen', async ({ page }) => {
      await signIn(page);
      await page.goto('/meupergamum/sugestoes');
      await expect(suggestionCard(page)).toContainText('Sugestão de compra');
      await expect(suggestionCard(page)).toContainText('Histórico');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
