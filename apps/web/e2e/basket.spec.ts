import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { allViolations, openHome, search, seriousViolations, startSmtpServer } from './helpers';

/**
 * The basket end to end (SPEC §2 basket, §4 transitions, §7 /acervo/exportar-cesta): three results
 * added together, the header counter, /cesta, a RIS download read back by citation-js, and the
 * e-mail arriving at a real SMTP server this spec starts on E2E_SMTP_PORT.
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT);

interface CitationJs {
  Cite: { async(data: string): Promise<{ data: Record<string, unknown>[] }> };
}

/** citation-js with its RIS plugin (untyped packages, loaded by name). */
async function citationJs(): Promise<CitationJs> {
  const load = (name: string) => import(name) as Promise<unknown>;
  const core = (await load('@citation-js/core')) as CitationJs;
  await load('@citation-js/plugin-ris');
  return core;
}

test.describe('basket (SPEC §2, §4, §7)', () => {
  test.describe.configure({ timeout: 90_000 });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  test.beforeAll(async () => {
    if (!smtpPort) throw new Error('E2E_SMTP_PORT is not set: run through /tmp/e2e.mjs or `npm test`.');
    smtp = await startSmtpServer(smtpPort);
  });
  test.afterAll(async () => smtp?.close());

  test('adds three results, exports RIS, sends by e-mail, with no serious axe violation', async ({
    page,
  }) => {
    await openHome(page);
    await search(page, 'Machado de Assis', 'autor');
    // The result lines themselves, not the format and edition lists inside a grouped work's line.
    const results = page.getByRole('region', { name: 'Resultados' }).locator('ol > li');
    const hrefs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const item = results.nth(i);
      hrefs.push((await item.getByRole('heading', { level: 3 }).getByRole('link').getAttribute('href'))!);
      await item.getByRole('checkbox').check();
    }
    const ids = hrefs.map((href) => href.split('/').pop()!);
    expect(await allViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Adicionar 3 selecionados à cesta' }).click();
    const counter = page.getByRole('link', { name: 'Cesta (3)' });
    await expect(counter).toBeVisible();

    // The basket survives a reload (localStorage).
    await page.reload();
    await expect(counter).toBeVisible();
    await counter.click();
    await expect(page).toHaveURL(/\/cesta$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cesta' })).toBeVisible();
    const listed = page
      .getByRole('main')
      .getByRole('listitem')
      .getByRole('heading', { level: 2 })
      .getByRole('link');
    await expect(listed).toHaveCount(3);
    expect(await listed.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(hrefs);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar a cesta em RIS' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cesta.ris');
    const ris = await readFile((await download.path())!, 'utf8');
    const { Cite } = await citationJs();
    const items = (await Cite.async(ris)).data;
    // RIS carries each title's cod_acervo as its ID, in the basket's order, and a title for each.
    expect(items.map((item) => item['id'])).toEqual(ids);
    for (const item of items) expect(String(item['title'])).not.toBe('');

    const address = `basket-${Date.now()}@demo.estante.example`;
    await page.getByRole('textbox', { name: /E-mails/ }).fill(address);
    await page.getByRole('button', { name: 'Enviar por e-mail' }).click();
    await expect(page.getByText(`Cesta enviada para ${address}.`)).toBeVisible();
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(address)).length).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(address))!;
    expect(mail.raw).toMatch(/filename="?cesta\.ris"?/);

    expect(await seriousViolations(page)).toEqual([]);
    expect(await allViolations(page)).toEqual([]);

    // The record page offers the same toggle: the first title is in the basket, so it offers removal.
    await page.goto(hrefs[0]!);
    await page.getByRole('button', { name: /^Remover da cesta: .+$/ }).click();
    await expect(page.getByRole('link', { name: 'Cesta (2)' })).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
  });
});
