import { expect, test, type Page } from '@playwright/test';
import {
  allViolations,
  openHome,
  search,
  seriousViolations,
  withAccessibilitySettings as withSettings,
} from './helpers';

// Issue 7: the page chrome and home page have no axe violation of any severity (allViolations).

/** Issue 7: chrome tests run on a desktop and on a 375 px wide phone. */
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: '375 px', size: { width: 375, height: 740 } },
] as const;

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility bar (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });
    // Several full axe runs per test on a machine shared with other suites: allow for it.
    test.describe.configure({ timeout: 90_000 });

    // Inverted and grayscale are one CSS filter over the whole page (global.css). axe computes
    // contrast from the styles' colours and reads a filter only as a stacking context, so its
    // answer in those schemes is the normal scheme's (decision 0081): they are checked for their
    // filter below, and axe runs in the schemes with colours of their own.
    for (const cor of ['normal', 'high-contrast']) {
      test(`home in the ${cor} colour scheme has no axe violation`, async ({ page }) => {
        await withSettings(page, { cor });
        await openHome(page);
        if (cor !== 'normal') await expect(page.locator('html')).toHaveAttribute('data-estante-colour', cor);
        expect(await allViolations(page)).toEqual([]);
        // The options panel itself, open, in the same scheme.
        await page.getByRole('button', { name: 'Acessibilidade' }).click();
        await expect(page.getByRole('combobox', { name: 'Zoom' })).toBeVisible();
        expect(await allViolations(page)).toEqual([]);
      });
    }

    test('the inverted and grayscale schemes filter the whole page', async ({ page }) => {
      await openHome(page);
      await page.getByRole('button', { name: 'Acessibilidade' }).click();
      const scheme = page.getByRole('combobox', { name: 'Esquema de cores' });
      for (const [cor, filter] of [
        ['inverted', 'invert(1) hue-rotate(180deg)'],
        ['grayscale', 'grayscale(1)'],
      ] as const) {
        await scheme.selectOption(cor);
        await expect(page.locator('html')).toHaveAttribute('data-estante-colour', cor);
        await expect(page.locator('html')).toHaveCSS('filter', filter);
      }
    });

    const darkMode = ['dark mode', 'normal', 'dark'] as const;
    const highContrast = ['high contrast', 'high-contrast', 'light'] as const;
    // Desktop high contrast is walked on every route by every-route.spec.ts.
    for (const [label, cor, colorScheme] of viewport.name === 'desktop'
      ? [darkMode]
      : [darkMode, highContrast]) {
      test(`results, record tabs and authority in ${label} have no serious axe violation`, async ({
        page,
      }) => {
        // Five pages, each checked by axe: longer than one page's budget.
        test.setTimeout(120_000);
        await page.emulateMedia({ colorScheme });
        await withSettings(page, { cor });
        await openHome(page);
        await search(page, 'Machado de Assis', 'autor');
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
        await expect(page).toHaveURL(/\/acervo\/\d+$/);
        const recordUrl = page.url();
        expect(await seriousViolations(page)).toEqual([]);
        const tabs = page.getByRole('navigation', { name: 'Seções do título' });
        await tabs.getByRole('link', { name: 'Exemplares' }).click();
        await expect(page.getByRole('heading', { level: 2, name: 'Exemplares' })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
        await tabs.getByRole('link', { name: 'MARC' }).click();
        await expect(page.getByRole('rowheader', { name: '245', exact: true }).first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        // The author links are on the record's data view, not on the MARC tab.
        await page.goto(recordUrl);
        await page.getByRole('main').locator('a[href^="/autoridade/"]').first().click();
        await expect(page.getByText(/^Tipo: /)).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('home with bold text and zoom 100% has no axe violation', async ({ page }) => {
      await withSettings(page, { negrito: true, zoom: 100 });
      await openHome(page);
      await expect(page.locator('html')).toHaveAttribute('data-estante-bold', '');
      expect(await allViolations(page)).toEqual([]);
    });

    test('home in dark mode (following the system) has no axe violation', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await openHome(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      expect(await allViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Acessibilidade' }).click();
      await expect(page.getByRole('combobox', { name: 'Modo escuro' })).toHaveValue('auto');
      expect(await allViolations(page)).toEqual([]);
    });

    test('at zoom 100% a 320 px screen doubles the text and still has no horizontal scroll', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 720 });
      await withSettings(page, { zoom: 100 });
      await openHome(page);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await search(page, 'Machado de Assis', 'autor');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });

    test('with the keyboard: tab to the accessibility toggle, open the options and change the zoom', async ({
      page,
    }) => {
      await openHome(page);
      await page.keyboard.press('Tab'); // skip link
      await page.keyboard.press('Tab');
      const toggle = page.getByRole('button', { name: 'Acessibilidade' });
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');

      await page.keyboard.press('Tab');
      const zoom = page.getByRole('combobox', { name: 'Zoom' });
      await expect(zoom).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(zoom).toHaveValue('20');
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
        .toBe('19.2px');

      // The choice stays for the next visit.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('19.2px');
    });

    test('loads the VLibras widget only when asked, and says so clearly when it cannot load', async ({
      page,
    }) => {
      const requested: string[] = [];
      // Offline here anyway; answering with a network failure keeps the test fast and certain.
      await page.route('https://vlibras.gov.br/**', (route) => {
        requested.push(route.request().url());
        return route.abort('internetdisconnected');
      });
      await openHome(page);
      await page.getByRole('button', { name: 'Acessibilidade' }).click();
      expect(requested).toEqual([]);
      expect(await page.locator('script[src*="vlibras"]').count()).toBe(0);

      await page.getByRole('switch', { name: 'Tradução para Libras (VLibras)' }).check();
      await expect(page.getByRole('alert')).toContainText(
        'Não foi possível carregar o tradutor de Libras (VLibras)',
      );
      expect(requested).toEqual(['https://vlibras.gov.br/app/vlibras-plugin.js']);
    });
  });
}

// The browser tests run with the system asking for reduced motion (playwright.config.ts); a
// visitor who asks for none gets the pop-ups' transitions, one who asks for less gets none.
test('pop-ups animate only for a visitor whose system does not ask for less motion', async ({ page }) => {
  for (const [reducedMotion, animates] of [
    ['no-preference', true],
    ['reduce', false],
  ] as const) {
    await page.emulateMedia({ reducedMotion });
    await openHome(page);
    // Counts the CSS transitions that start while the pop-up opens.
    await page.evaluate(() => {
      const counter = window as unknown as { transitions: number };
      counter.transitions = 0;
      document.addEventListener('transitionstart', () => (counter.transitions += 1), true);
    });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Enviar comentário' }).click();
    await expect(page.getByRole('dialog', { name: 'Comentários' })).toBeVisible();
    const transitions = () => page.evaluate(() => (window as unknown as { transitions: number }).transitions);
    if (animates) await expect.poll(transitions).toBeGreaterThan(0);
    else {
      // Longer than the pop-up's transition (Mantine's 200 ms) would last.
      await page.waitForTimeout(500);
      expect(await transitions()).toBe(0);
    }
  }
});

test.describe('languages', () => {
  test('switching to Spanish shows Spanish texts, with the API told its language code', async ({ page }) => {
    await openHome(page);
    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Búsqueda en el catálogo' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const apiCall = page.waitForRequest((request) => request.url().includes('/api/consulta'));
    await page.getByRole('search').getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText('El campo anterior es obligatorio')).toBeVisible();
    await page.getByRole('search').getByRole('combobox').first().fill('Dom Casmurro');
    await page.getByRole('search').getByRole('button', { name: 'Buscar', exact: true }).click();
    expect((await apiCall).headers()['idioma']).toBe('3');
  });

  test('French and Italian, still being translated, are not offered: ?lang=it opens in Portuguese', async ({
    page,
  }) => {
    await openHome(page, '/?lang=it');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('navigation', { name: 'Idioma' }).getByRole('button')).toHaveText([
      'Português',
      'English',
      'Español',
    ]);
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`footer (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test('the comments link opens the login prompt; Escape closes it and focus returns', async ({ page }) => {
      await openHome(page);
      const footer = page.getByRole('contentinfo');
      const comments = footer.getByRole('button', { name: 'Enviar comentário' });
      await comments.click();
      const dialog = page.getByRole('dialog', { name: 'Comentários' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        'Para enviar comentários ou sugestões é preciso entrar com sua conta.',
      );
      await expect(dialog.getByRole('button', { name: 'Entrar' })).toBeVisible();
      expect(await allViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(comments).toBeFocused();
    });

    test('shows the suggestion link, the product logo, the copyright year and the minimum browsers', async ({
      page,
    }) => {
      await openHome(page);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('button', { name: 'Sugerir aquisição' })).toBeVisible();
      await expect(footer.getByRole('img', { name: /^Estante/ })).toBeVisible();
      await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
      await expect(footer).toContainText(
        'Chrome 110 ou superior, Firefox 110.0.1 ou superior, Safari 16 ou superior',
      );
    });

    test('links to the institution website (57) and the network catalogue (87) in a new tab that cannot reach back', async ({
      page,
      context,
    }) => {
      // The demo's addresses are reserved .example names: answer them here, nothing goes out.
      await context.route(/^https:\/\/[a-z.]*demo\.estante\.example\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Outside</title>' }),
      );
      await openHome(page);
      const footer = page.getByRole('contentinfo');
      for (const [name, href] of [
        ['Site da instituição', 'https://www.demo.estante.example/'],
        ['Catálogo da rede de bibliotecas', 'https://rede.demo.estante.example/catalogo'],
      ] as const) {
        const link = footer.getByRole('link', { name: `${name} (abre em nova aba)` });
        await expect(link).toHaveAttribute('href', href);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        const opened = context.waitForEvent('page');
        await link.click();
        const tab = await opened;
        await tab.waitForLoadState();
        expect(tab.url()).toBe(href);
        // noopener: the new tab has no handle on the catalogue; noreferrer: it is not told where we were.
        expect(await tab.evaluate(() => [window.opener, document.referrer])).toEqual([null, '']);
        await tab.close();
      }
    });
  });
}
