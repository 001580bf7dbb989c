import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

/**
 * Alerts end to end (SPEC §3 Alert, §5, §7 alertas; decision 0044) on the demo library: Carla's hold
 * was released by a return the day before (apps/api/src/modules/circulation/demo.ts), which wrote her
 * a "ready for pickup" alert. The header counts her unread alerts beside the personal-area button;
 * the alerts screen lists them, refuses a period that ends before it starts, and marking the alert
 * read lowers the count. No other journey reads or changes Carla's alerts; the phone journey only
 * reads them, and runs first.
 */

const CARLA = { login: 'carla', password: 'estante-carla' };
const HOLD_READY = /que você reservou está disponível para retirada/;

/** Signs Carla in from the login page and lands on the home page. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill(CARLA.login);
  await page.getByLabel(/^Senha/).fill(CARLA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
}

/** The header's unread-alerts link, and the count its name says. */
const unreadLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /alertas? não lidos?$/ });
async function unreadCount(page: Page): Promise<number> {
  const links = unreadLink(page);
  if ((await links.count()) === 0) return 0;
  return Number(/^(\d+)/.exec((await links.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
}

test.describe('alerts', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.describe('on a 375-pixel-wide phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('Carla follows the header count to her alerts, which fit the screen', async ({ page }) => {
      await signIn(page);
      await expect(unreadLink(page)).toBeVisible();
      await unreadLink(page).click();
      await expect(page).toHaveURL(/\/meupergamum\/alertas$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alertas');
      const list = page.getByRole('list', { name: 'Alertas do período' });
      await expect(list.getByRole('listitem').filter({ hasText: HOLD_READY })).toContainText('Não lido');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test('Carla reads the alert of her hold by keyboard, and the header count drops', async ({ page }) => {
    await signIn(page);
    await expect(unreadLink(page)).toBeVisible();
    const before = await unreadCount(page);
    expect(before).toBeGreaterThan(0);

    await page
      .getByRole('navigation', { name: 'Menu da área pessoal' })
      .getByRole('link', { name: 'Alertas' })
      .click();
    await expect(page).toHaveURL(/\/meupergamum\/alertas$/);
    const item = page
      .getByRole('list', { name: 'Alertas do período' })
      .getByRole('listitem')
      .filter({ hasText: HOLD_READY });
    await expect(item).toContainText('Não lido');
    await expect(item.getByRole('link', { name: 'Ver' })).toHaveAttribute('href', '/meupergamum/reservas');
    expect(await seriousViolations(page)).toEqual([]);

    // SPEC §5: a period that ends before it starts is refused in place, and the list stays.
    await page.getByLabel(/^Data inicial/).fill('2031-05-10');
    await page.getByLabel(/^Data final/).fill('2031-05-01');
    await page.getByRole('button', { name: 'Mostrar alertas' }).click();
    await expect(page.getByText('A data inicial não pode ser posterior à data final.')).toBeVisible();
    await expect(page.getByLabel(/^Data inicial/)).toBeFocused();
    await expect(item).toBeVisible();
    await page.reload();

    // Mark it read with the keyboard: the alert says so, the focus stays on it, the count drops.
    const markRead = item.getByRole('button', { name: 'Marcar como lido' });
    await markRead.focus();
    await page.keyboard.press('Enter');
    await expect(item).toContainText('Lido');
    await expect(item.getByRole('button', { name: 'Marcar como lido' })).toHaveCount(0);
    await expect(item).toBeFocused();
    await expect.poll(() => unreadCount(page)).toBe(before - 1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
