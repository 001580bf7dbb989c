import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import { SMTPServer } from 'smtp-server';
import { PAGE_CONFIGURATION_ELEMENT_ID, type PageConfiguration } from '@estante/contract';

/** WCAG levels the catalogue promises (DESIGN "Languages and accessibility"). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** axe-core as the browser runs it (its own build for pages). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One violation as the page answers it: the rule, its impact and the elements, by CSS selector. */
interface Violation {
  id: string;
  impact: ImpactValue | undefined;
  targets: string[];
}

/** Opens a page (each test has a fresh browser context, so the language is the default, pt). */
export async function openHome(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * Changes, for this page only, the configuration the server writes into each page it sends
 * (decision 0076): the server's answers are the real ones, `change` edits them (an institution
 * setting or an activity turned on, as an institution would).
 */
export async function changePageConfiguration(
  page: Page,
  change: (configuration: PageConfiguration) => void,
): Promise<void> {
  const element = new RegExp(
    `(<script type="application/json" id="${PAGE_CONFIGURATION_ELEMENT_ID}">)([\\s\\S]*?)(</script>)`,
  );
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const found = element.exec(html);
    expect(found, 'the page carries its configuration').not.toBeNull();
    const configuration = JSON.parse(found![2]!) as PageConfiguration;
    change(configuration);
    const json = JSON.stringify(configuration).replace(/</g, '\\u003c');
    await route.fulfill({
      response,
      body: html.replace(element, (_, open, _json, close) => open + json + close),
    });
  });
}

/** Runs a search from the search form. */
export async function search(
  page: Page,
  term: string,
  type: 'livre' | 'titulo' | 'assunto' | 'autor' = 'livre',
) {
  await page.getByLabel('Tipo de pesquisa').selectOption(type);
  await page.getByRole('combobox', { name: 'Termo de pesquisa' }).fill(term);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /resultados? para/ })).toBeVisible();
}

/** Opens the demo record the journeys share (Dom Casmurro), through a title search, as a visitor would. */
export async function openDemoRecord(page: Page): Promise<void> {
  await openHome(page);
  await search(page, 'Dom Casmurro', 'titulo');
  await page
    .getByRole('list')
    .getByRole('link', { name: /Dom Casmurro/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Dom Casmurro/ })).toBeVisible();
}

/** How many results the announced count says there are. */
export async function announcedCount(page: Page): Promise<number> {
  const text = await page
    .getByRole('status')
    .filter({ hasText: /resultados? para/ })
    .innerText();
  return Number(/^(\d+)/.exec(text)?.[1] ?? '0');
}

/**
 * axe over the page once its transitions have ended: a modal fading in is half transparent, and
 * axe would measure the contrast of its text against the page behind it.
 */
async function analyseSettled(page: Page): Promise<Violation[]> {
  // Spinners run for ever; only the transitions that end are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // axe-core itself, run in the page, answering only its violations as three short fields: half
  // the time of its Playwright wrapper, which also sends back every element that passed
  // (decision 0084). The app has no frames, the one thing the wrapper reaches and this does not.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS } };
  return page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    const results = await axe.run(document, runOptions);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? undefined,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, options);
}

const readable = (violation: Violation) =>
  `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`;

/** axe violations that are serious or critical, as short readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await analyseSettled(page);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(readable);
}

/** axe violations of any severity, as short readable lines. */
export async function allViolations(page: Page): Promise<string[]> {
  return (await analyseSettled(page)).map(readable);
}

/** Stores accessibility settings before each page load, as a returning patron would have them. */
export async function withAccessibilitySettings(
  page: Page,
  settings: Record<string, unknown>,
): Promise<void> {
  await page.addInitScript(
    (value) => {
      localStorage.setItem('estante.accessibility', value);
    },
    JSON.stringify({ zoom: 0, negrito: false, cor: 'normal', libras: false, ...settings }),
  );
}

/** A message the test SMTP server received: its recipients and its raw text. */
export interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpServer(port: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
