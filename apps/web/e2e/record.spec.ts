import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';

test.describe('record page (SPEC §2 /acervo/{codAcervo})', () => {
  test('describes the record to reference managers (JSON-LD, COinS) and prints without the chrome', async ({
    page,
  }) => {
    await page.goto('/acervo/1');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const name = await heading.innerText();

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(jsonLd['@context']).toBe('https://schema.org');
    expect(jsonLd.name).toBe(name);
    expect(jsonLd.url).toBe(new URL('/acervo/1', page.url()).href);
    const coins = new URLSearchParams((await page.locator('span.Z3988').getAttribute('title')) ?? '');
    expect(coins.get('ctx_ver')).toBe('Z39.88-2004');
    expect([coins.get('rft.btitle'), coins.get('rft.title'), coins.get('rft.jtitle')]).toContain(name);
    expect(await seriousViolations(page)).toEqual([]);

    // Print view: the record stays, the header, footer, tabs and buttons do not.
    await page.emulateMedia({ media: 'print' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  });
});
