import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * The catalogue part of the staff workspace (decision 0063) on the demo library. The administrator
 * (who holds the cataloguing role too) uploads one of the shared MARC files — MFHD holdings whose
 * titles this catalogue does not have, so the report skips all seven with why and the catalogue
 * other journeys search stays as it was — and finds the panel of the network's OAI-PMH sources
 * (decision 0067; none in the demo library, harvests are the API tests'); then adds a FAQ entry with HTML whose script the preview
 * drops, rewrites it, reads the new answer on the public FAQ page, and removes it again; then adds
 * an event (decision 0065) — an end before its start refused in place — reads it on the public
 * events page and removes it too. The roles' refusals are the API tests'.
 */

const MFHD = fileURLToPath(
  new URL('../../../../shared/data/marc/evergreen-serials-mfhd.xml', import.meta.url),
);
const QUESTION = 'Há armários para guardar mochilas?';
const EVENT = 'Oficina de Zotero para teses';

async function signIn(page: Page): Promise<void> {
  await page.goto('/login?redirect=%2Fequipe');
  await page.getByRole('textbox', { name: 'Usuário' }).fill('equipe.admin');
  await page.getByLabel(/^Senha/).fill('estante-equipe-admin');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Área da equipe');
}

test.describe('staff workspace: catalogue and content', () => {
  test('uploads a MARC file to its report, and edits a FAQ entry and an event the public pages then show', async ({
    page,
  }) => {
    test.slow();
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Menu da área da equipe' });
    await menu.getByRole('link', { name: 'Catálogo e importação MARC' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catálogo e importação MARC');

    // Sending without a file is refused in place.
    const send = page.getByRole('button', { name: 'Enviar e importar' });
    await send.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Escolha um arquivo MARC' })).toBeVisible();

    await page.getByLabel(/^Arquivo MARC/).setInputFiles(MFHD);
    await send.click();
    const report = page.getByRole('region', { name: 'Importação de evergreen-serials-mfhd.xml' });
    await expect(report.getByRole('status')).toHaveText(
      'Importação concluída: 0 inseridos, 0 atualizados, 7 ignorados.',
    );
    await expect(report).toContainText('7 registros lidos');
    const skipped = report.getByRole('table', { name: 'Registros ignorados e o motivo' }).getByRole('row');
    await expect(skipped).toHaveCount(8);
    await expect(skipped.nth(1)).toContainText('holdings record for a title not in the catalogue');
    const recent = page.getByRole('table', { name: /As últimas importações/ });
    await expect(recent.getByRole('row', { name: /evergreen-serials-mfhd\.xml/ }).first()).toContainText(
      'Importação concluída',
    );
    // The network's OAI-PMH sources (decision 0067): the demo library harvests none; the panel says how.
    const sources = page.getByRole('region', { name: 'Rede: repositórios coletados por OAI-PMH' });
    await expect(sources).toContainText('Nenhum repositório é coletado ainda.');
    await expect(sources).toContainText('estante network harvest URL --institution CODE');
    expect(await seriousViolations(page)).toEqual([]);

    // The FAQ: a new entry whose answer carries a script the preview never runs.
    await menu.getByRole('link', { name: 'Conteúdo da instituição' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conteúdo da instituição');
    await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
    const portuguese = page.getByRole('group', { name: 'Português' });
    await portuguese.getByRole('textbox', { name: /^Pergunta/ }).fill(QUESTION);
    await portuguese
      .getByRole('textbox', { name: /^Resposta/ })
      .fill('<p>Sim, no <strong>térreo</strong>.</p><img src="x" alt="" onerror="window.__faqScript = 1">');
    await expect(portuguese.getByRole('figure').locator('strong')).toHaveText('térreo');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `Pergunta "${QUESTION}" salva.` })).toBeVisible();
    expect(await page.evaluate(() => (window as { __faqScript?: number }).__faqScript)).toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Editar a pergunta "${QUESTION}"` }).click();
    await portuguese
      .getByRole('textbox', { name: /^Resposta/ })
      .fill('<p>Sim, no térreo, com cadeado do balcão.</p>');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `Pergunta "${QUESTION}" salva.` })).toBeVisible();

    await page.goto('/instituicao/perguntas-frequentes');
    await page.getByRole('button', { name: QUESTION }).click();
    await expect(page.getByText('Sim, no térreo, com cadeado do balcão.')).toBeVisible();

    // Removed again: the public FAQ other journeys read stays as the demo has it.
    await page.goto('/equipe/conteudo');
    await page.getByRole('button', { name: `Remover a pergunta "${QUESTION}"` }).click();
    await page.getByRole('button', { name: `Confirmar a remoção de "${QUESTION}"` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Pergunta "${QUESTION}" removida.` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Editar a pergunta "${QUESTION}"` })).toHaveCount(0);

    // An event, years ahead so the public list's first events stay the demo's.
    await page.getByRole('button', { name: 'Adicionar evento' }).click();
    const event = page.getByRole('form', { name: 'Novo evento' });
    await event.getByLabel(/^Data de início/).fill('2030-03-14');
    await event.getByLabel(/^Hora de início/).fill('14:00');
    await event.getByLabel(/^Data de término/).fill('2030-03-14');
    await event.getByLabel(/^Hora de término/).fill('13:00');
    await event.getByLabel(/^Local/).fill('Laboratório de informática da Biblioteca Central');
    await event
      .getByRole('group', { name: 'Português' })
      .getByRole('textbox', { name: /^Título/ })
      .fill(EVENT);
    await event.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(
      event.getByRole('alert').filter({ hasText: 'O término não pode ser antes do início.' }),
    ).toBeVisible();
    await event.getByLabel(/^Hora de término/).fill('16:00');
    await event.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `Evento "${EVENT}" salvo.` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/instituicao/eventos');
    const published = page.getByRole('main').getByRole('article').filter({ hasText: EVENT });
    await expect(published).toContainText('Laboratório de informática da Biblioteca Central');

    await page.goto('/equipe/conteudo');
    await page.getByRole('button', { name: `Remover o evento "${EVENT}"` }).click();
    await page.getByRole('button', { name: `Confirmar a remoção de "${EVENT}"` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Evento "${EVENT}" removido.` })).toBeVisible();
  });

  test.describe('on a 390-pixel-wide phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('both screens open and pass the accessibility check', async ({ page }) => {
      await signIn(page);
      await page.goto('/equipe/catalogo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catálogo e importação MARC');
      await expect(page.getByLabel(/^Arquivo MARC/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/equipe/conteudo');
      await expect(page.getByRole('heading', { level: 2, name: 'Perguntas frequentes' })).toBeVisible();
      // Every section loaded, the widest tables too, before the check.
      await expect(page.getByRole('button', { name: 'Adicionar horário' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Adicionar evento' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Parâmetros da instituição' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Atividades (linhas) por categoria de leitor (colunas)' }),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
