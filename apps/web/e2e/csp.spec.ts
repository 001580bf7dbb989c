import { expect, test, type Page } from '@playwright/test';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { changePageConfiguration, openDemoRecord, openHome } from './helpers';

// Issue 14: the server's Content-Security-Policy allows exactly what the app loads. These journeys
// open what it loads from elsewhere (VLibras, reCAPTCHA) or builds itself (the ALTCHA worker) and
// fail on any violation the browser reports.

/** Records the page's CSP violations (the securitypolicyviolation event and the console's refusals). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test('the page comes with the policy, and the watch does see a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('https://elsewhere.example/**', (route) => route.fulfill({ body: '' }));
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = 'https://elsewhere.example/tracker.js';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('searching and opening a record loads nothing the policy refuses', async ({ page }) => {
  const violations = await watchViolations(page);
  await openDemoRecord(page);
  for (const tab of ['MARC', 'Exemplares', 'Dados estatísticos']) {
    await page.getByRole('link', { name: tab, exact: true }).first().click();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  }
  await page.goto('/nada-por-aqui');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the VLibras widget loads its script, player and translations from vlibras.gov.br', async ({ page }) => {
  const violations = await watchViolations(page);
  // Offline here: a stand-in for the widget that loads what the real one loads from the same origins.
  // The last route registered is tried first: the script, then anything else from VLibras.
  await page.route(/^https:\/\/([a-z0-9-]+\.)?vlibras\.gov\.br\//, (route) =>
    route.fulfill({ status: 200, body: '', headers: { 'access-control-allow-origin': '*' } }),
  );
  await page.route('https://vlibras.gov.br/app/vlibras-plugin.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.VLibras = { Widget: function (appUrl) {
        const link = document.createElement('link');
        link.rel = 'stylesheet'; link.href = appUrl + '/vlibras-plugin.css'; document.head.append(link);
        const img = document.createElement('img'); img.src = appUrl + '/assets/access_icon.svg';
        document.body.append(img);
        fetch('https://traducao2.vlibras.gov.br/translate', { method: 'POST', body: 'casa' });
        WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
      } };`,
    }),
  );
  await openHome(page);
  await page.getByRole('button', { name: 'Acessibilidade' }).click();
  await page.getByRole('switch', { name: 'Tradução para Libras (VLibras)' }).check();
  await expect.poll(() => page.evaluate(() => Boolean(window.VLibras))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});

test('the ALTCHA captcha solves its challenge in its worker', async ({ page }) => {
  const violations = await watchViolations(page);
  // The sign-in captcha on (activity 1120), as an institution would turn it on.
  await changePageConfiguration(page, ({ functionalities }) => {
    functionalities.push({ cod_atividade: 1120, descricao: 'captcha' });
  });
  // The server hands out challenges only while the activity is on: one of the same kind, made here.
  await page.route('**/api/captcha/desafio', async (route) =>
    route.fulfill({
      json: await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1,
        counter: 5,
        deriveKey,
        expiresAt: new Date(Date.now() + 600_000),
        hmacSignatureSecret: 'csp-test-secret',
        hmacKeySignatureSecret: 'csp-test-key-secret',
      }),
    }),
  );
  await page.goto('/login');
  const widget = page.locator('altcha-widget');
  await expect(widget).toBeVisible();
  await widget.getByRole('checkbox').click({ force: true });
  await expect(widget.locator('[data-state="verified"]')).toBeAttached({ timeout: 20_000 });
  expect(violations).toEqual([]);
});

test("reCAPTCHA's script and frame load when the institution uses it", async ({ page }) => {
  const violations = await watchViolations(page);
  await changePageConfiguration(page, ({ functionalities }) => {
    functionalities.push({ cod_atividade: 1120, descricao: 'captcha' });
  });
  await page.route('**/api/captcha/configuracao', (route) =>
    route.fulfill({ json: { provedor: 'recaptcha', recaptcha_site_key: 'site-key' } }),
  );
  // Offline here: a stand-in for Google's script that renders its frame from the same addresses.
  await page.route('https://www.google.com/recaptcha/api.js**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.grecaptcha = {
        ready: (callback) => callback(),
        render: (container) => {
          const frame = document.createElement('iframe');
          frame.title = 'reCAPTCHA';
          frame.src = 'https://www.google.com/recaptcha/api2/anchor?k=site-key';
          container.append(frame);
          const script = document.createElement('script');
          script.src = 'https://www.gstatic.com/recaptcha/releases/x/recaptcha__pt_br.js';
          document.head.append(script);
          return 0;
        },
        reset: () => undefined,
      };`,
    }),
  );
  await page.route(/^https:\/\/www\.(google|gstatic)\.com\/recaptcha\/(api2|releases)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>captcha</p>' }),
  );
  await page.goto('/login');
  await expect(page.locator('iframe[title="reCAPTCHA"]')).toBeAttached();
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});

test('the API documentation page works under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Estante/ }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
