import { expect, test, type Page } from '@playwright/test';
import { PERSONAL_AREA_SEGMENTS, TITLE_TABS } from '../src/config/paths';
import { allViolations, openDemoRecord, withAccessibilitySettings } from './helpers';

/**
 * The SPEC §1 colour schemes axe walks here, as the accessibility bar stores them: the two with
 * colours of their own (inverted and grayscale are a CSS filter axe does not apply, decision 0081).
 */
type ColourScheme = 'normal' | 'high-contrast';

/** Title sub-tabs of SPEC §2 under /acervo/{codAcervo}, as the router builds them. */
const TITLE_TAB_SEGMENTS = Object.values(TITLE_TABS).map(({ segment }) => (segment ? `/${segment}` : ''));

interface Route {
  path: string;
  /** Where the route lands when it sends the visitor on (logout, guarded personal area). */
  lands?: RegExp;
  /** The HTTP status of the page (200 unless said). */
  status?: number;
}

/** Every route of SPEC §2 (and the institution pages of decision 0013), for one title and one authority. */
function everyRoute(titleId: string, authorityId: string): Route[] {
  return [
    { path: '/' },
    { path: '/geral' },
    { path: '/?termo=Machado+de+Assis' },
    // Every search tab of SPEC §2, with its results where it lists some.
    { path: '/ebooks?termo=a' },
    { path: '/arquivo?termo=universidade' },
    { path: '/atos-normativos?termo=lei' },
    { path: '/jurisprudencia?termo=federal' },
    { path: '/autoridades' },
    { path: '/avancada?termo=machado&tipoBusca=autor&linha=NAO%7Ctitulo%7Ccasmurro' },
    { path: '/acessibilidade?termo=a' },
    { path: '/novas-aquisicoes' },
    { path: '/plano-ensino' },
    { path: '/rede-oai?termo=a' },
    { path: '/login' },
    { path: '/login?redirect=%2Fcesta' },
    { path: '/sair', lands: /\/$/ },
    { path: '/pergamum_redireciona' },
    { path: '/oauth-response' },
    { path: '/saml-response' },
    { path: '/grupoa' },
    { path: '/pearson' },
    { path: '/cesta' },
    // A list shared by link (decision 0043); this token shares nothing, so the page says so.
    { path: '/lista/Xk3dP0q_Lr7-aB9cD2eF4gH6iJ8kL0mN' },
    { path: '/meupergamum', lands: /\/login\?redirect=%2Fmeupergamum$/ },
    { path: '/meupergamum/app', lands: /\/login\?redirect=%2Fmeupergamum%2Fapp$/ },
    ...TITLE_TAB_SEGMENTS.map((segment) => ({ path: `/acervo/${titleId}${segment}` })),
    { path: `/autoridade/${authorityId}` },
    { path: `/autoridade/${authorityId}/marc` },
    { path: '/instituicao/informacoes-gerais' },
    { path: '/instituicao/horarios' },
    { path: '/instituicao/perguntas-frequentes' },
    { path: '/instituicao/eventos' },
    { path: '/instituicao/calendario' },
    // A record that does not exist: the server finds no record for its page's tags (issue 18).
    { path: '/acervo/999999999', status: 404 },
    // The server answers the app's not-found screen with status 404 (issue 14).
    { path: '/nada/por/aqui', status: 404 },
  ];
}

/** A demo title (Dom Casmurro, as the other journeys use) and the authority its author link opens. */
async function demoIds(page: Page): Promise<{ titleId: string; authorityId: string }> {
  await openDemoRecord(page);
  await expect(page).toHaveURL(/\/acervo\/\d+$/);
  const titleId = /\/acervo\/(\d+)$/.exec(page.url())![1]!;
  const authorityHref = await page
    .getByRole('main')
    .locator('a[href^="/autoridade/"]')
    .first()
    .getAttribute('href');
  const authorityId = /^\/autoridade\/(\d+)/.exec(authorityHref ?? '')?.[1];
  expect(authorityId).toBeTruthy();
  return { titleId, authorityId: authorityId! };
}

/**
 * Visits every route with axe and answers the violations, each prefixed with its path. With
 * `noHorizontalScroll`, a page wider than the window counts as a violation too (WCAG 1.4.10 reflow).
 */
async function walkEveryRoute(
  page: Page,
  cor: ColourScheme,
  { noHorizontalScroll = false, only }: { noHorizontalScroll?: boolean; only?: readonly string[] } = {},
): Promise<string[]> {
  const { titleId, authorityId } = await demoIds(page);
  const found: string[] = [];
  const routes = everyRoute(titleId, authorityId).filter(
    (route) =>
      !only || only.includes(route.path.replace(titleId, '{title}').replace(authorityId, '{authority}')),
  );
  if (only) expect(routes).toHaveLength(only.length);
  for (const route of routes) {
    const response = await page.goto(route.path);
    expect(response?.status(), route.path).toBe(route.status ?? 200);
    if (route.lands) await expect(page).toHaveURL(route.lands);
    // A screen is there when its heading is, or (the sign-on return screens) its message.
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }).or(main.getByRole('alert')).first()).toBeVisible();
    // Wait for the blocks that load on their own (record tabs, results) to show their content.
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    if (cor === 'normal') await expect(page.locator('html')).not.toHaveAttribute('data-estante-colour');
    else await expect(page.locator('html')).toHaveAttribute('data-estante-colour', cor);
    found.push(...(await allViolations(page)).map((violation) => `${route.path}: ${violation}`));
    if (noHorizontalScroll) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) found.push(`${route.path}: scrolls ${overflow} px sideways`);
    }
  }
  return found;
}

/**
 * One page of each kind (search, results, record, authority, sign-in, institution page, basket, not
 * found), at full size (the walk of every route is at 200 % zoom).
 */
const ONE_OF_EACH_KIND = [
  '/',
  '/?termo=Machado+de+Assis',
  '/acervo/{title}',
  '/autoridade/{authority}',
  '/login',
  '/instituicao/horarios',
  '/cesta',
  '/nada/por/aqui',
];

test.describe('every route, in every colour scheme (axe: no violation of any severity)', () => {
  // Every route is walked twice: in the normal scheme at 200 % zoom (axe, and no sideways scroll)
  // and in the high-contrast scheme, which has colours of its own. About 40 pages each, loaded and
  // checked by axe: about a minute here on an idle machine (2 cores), far more than one page's budget.
  test('every route at 200 % browser zoom, without scrolling sideways', async ({ page }) => {
    test.setTimeout(300_000);
    // A 1280 × 720 window at 200 % zoom lays pages out in 640 × 360 CSS pixels.
    await page.setViewportSize({ width: 640, height: 360 });
    expect(await walkEveryRoute(page, 'normal', { noHorizontalScroll: true })).toEqual([]);
  });

  test('every route in the high-contrast colour scheme', async ({ page }) => {
    test.setTimeout(300_000);
    await withAccessibilitySettings(page, { cor: 'high-contrast' });
    expect(await walkEveryRoute(page, 'high-contrast')).toEqual([]);
  });

  // Inverted and grayscale are one CSS filter over the page, which axe does not apply when it
  // computes contrast: their answer is this one (decision 0081; chrome.spec.ts checks the filters).
  test('one page of each kind in the normal colour scheme, at full size', async ({ page }) => {
    test.setTimeout(90_000);
    expect(await walkEveryRoute(page, 'normal', { only: ONE_OF_EACH_KIND })).toEqual([]);
  });
});

test('every personal-area item sends a visitor to the login, with the item as the way back', async ({
  page,
}) => {
  // The login page itself is checked above; here only where each guarded address leads.
  for (const segment of Object.values(PERSONAL_AREA_SEGMENTS)) {
    const path = `/meupergamum/${segment}`;
    await page.goto(path);
    await expect(page).toHaveURL(
      (url) => url.pathname + url.search === `/login?redirect=%2Fmeupergamum%2F${segment}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});
