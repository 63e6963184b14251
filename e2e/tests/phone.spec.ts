import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Demo, LANGS, openDemo, screensToCheck, startDemo } from '../support/demo.ts';

/**
 * Issue 36 item 1: Gatehouse on a phone (390×844), in the three languages: every demo screen fits
 * the screen's width (nothing to scroll sideways, the header's buttons in reach) and axe-core finds
 * nothing serious or critical on it (label-content-name-mismatch included; a table that scrolls
 * inside its frame is a named region reached by Tab: shared/scrollRegion.tsx), the menu drawer
 * too; a long dialog fits with its OK on the screen; the app is installable (its
 * manifest) and says so when the network is off (the service worker's offline page). The gate
 * jobs done by tapping are in phone-gate.spec.ts.
 */
let demo: Demo;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  demo = await startDemo();
});
test.afterAll(async () => {
  await demo?.stop();
});

const PHONE = { width: 390, height: 844 };

/** What lays out wider than the screen: the page itself, the content area, and the elements sticking out on the right. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const w = window.innerWidth;
    const doc = document.scrollingElement as HTMLElement;
    if (doc.scrollWidth > w) out.push(`page ${doc.scrollWidth}px wide`);
    const main = document.querySelector<HTMLElement>('main');
    if (main && main.scrollWidth > main.clientWidth + 1) out.push(`content ${main.scrollWidth}px wide in ${main.clientWidth}px`);
    const header = document.querySelector<HTMLElement>('header');
    for (const el of header ? [...header.querySelectorAll<HTMLElement>('button')] : []) {
      const r = el.getBoundingClientRect();
      if (r.right > w + 1) out.push(`header button "${el.getAttribute('aria-label') ?? el.textContent}" ends at ${Math.round(r.right)}px`);
    }
    return out;
  });
}

/** axe-core's serious and critical findings (the same rules as the desktop walk in screens.spec.ts). */
async function axeFindings(page: Page, at: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${at}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

for (const lang of (process.env.A11Y_LANGS?.split(',') as typeof LANGS | undefined) ?? LANGS) {
  test(`at 390 px every screen fits the phone's width and passes axe-core: ${lang}`, async ({ page }) => {
    test.setTimeout(1_200_000);
    await page.setViewportSize(PHONE);
    const problems: string[] = [];
    for (const screen of screensToCheck(demo)) {
      await openDemo(page, demo, lang, screen);
      await expect(page.locator('main')).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
      await page.waitForTimeout(300);
      for (const p of await overflow(page)) problems.push(`${screen}: ${p}`);
      problems.push(...(await axeFindings(page, `${lang} ${screen}`)));
      if (process.env.PHONE_SHOTS)
        await page.screenshot({ path: `/tmp/phone/${lang}${screen.replace(/[/?=&]/g, '_')}.png`, fullPage: false });
    }
    // the menu drawer, opened from the header's button
    await page.getByTestId('menu-button').click();
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('menu') });
    await expect(drawer.getByRole('menuitem').first()).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    problems.push(...(await axeFindings(page, `${lang} menu drawer`)));
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('a long dialog fits the phone: its fields in one column, OK on the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openDemo(page, demo, 'en', '/access/gate');
  await expect(page.locator('.gh-phone-row').first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('card-add').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('card-form') });
  const frame = await dialog.locator('.ant-modal-container').boundingBox();
  expect(frame && frame.x >= 0 && frame.x + frame.width <= PHONE.width).toBe(true);
  const ok = dialog.getByRole('button', { name: 'OK' });
  await ok.scrollIntoViewIfNeeded();
  await expect(ok).toBeInViewport({ ratio: 1 });
  expect(await overflow(page)).toEqual([]);
  // OK on the empty form marks the fields and keeps the dialog
  await ok.click();
  await expect(dialog.getByText('Please enter card number')).toBeVisible();
});

test('installable: the manifest names the app, its icons load, and it opens standalone', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await openDemo(page, demo, 'en', '/overview');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(`${demo.url}${href}`);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const m = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string; type: string }[];
  };
  expect(m).toMatchObject({ short_name: 'Gatehouse', start_url: '/', display: 'standalone', theme_color: '#001529' });
  expect(m.name).toContain('Gatehouse');
  const sizes = m.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of m.icons) {
    const img = await request.get(`${demo.url}${icon.src}`);
    expect(img.headers()['content-type']).toBe('image/png');
    const body = await img.body();
    // a PNG whose width and height (IHDR) are the ones the manifest gives
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
});

for (const [lang, text] of [
  ['en', 'You are offline — Gatehouse needs the network to'],
  ['zh-CN', '网络已断开 — Gatehouse 需要联网'],
  ['zh-TW', '網路已中斷 — Gatehouse 需要連網'],
] as const) {
  test(`with the network off a page load shows the offline page, and /api is never answered from a cache: ${lang}`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(PHONE);
    await openDemo(page, demo, lang, '/eventlog/accesslog');
    await expect(page.locator('main')).toBeVisible({ timeout: 60_000 });
    // the worker is registered once the first screen is idle, and takes the page
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    await context.setOffline(true);
    try {
      const api = await page.evaluate(async () => {
        try {
          return (await fetch('/api/getSession')).status;
        } catch {
          return 'failed';
        }
      });
      expect(api).toBe('failed');
      await page.reload();
      const offline = page.getByTestId('offline-page');
      await expect(offline).toContainText(text);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(offline.locator('img')).toHaveJSProperty('complete', true);
      expect(await offline.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(192);
      expect(await overflow(page)).toEqual([]);
      await expect(offline.getByRole('button')).toBeInViewport();
    } finally {
      await context.setOffline(false);
    }
  });
}
