import { expect, type Page, test } from '@playwright/test';
import { type Demo, LANGS, openDemo, screensToCheck, startDemo } from '../support/demo.ts';

/**
 * Issue 36 item 1: Gatehouse on a phone (390×844), in the three languages.
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

for (const lang of LANGS) {
  test(`at 390 px every screen fits the phone's width: ${lang}`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize(PHONE);
    const problems: string[] = [];
    for (const screen of screensToCheck(demo)) {
      await openDemo(page, demo, lang, screen);
      await expect(page.locator('main')).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
      await page.waitForTimeout(300);
      for (const p of await overflow(page)) problems.push(`${screen}: ${p}`);
      if (process.env.PHONE_SHOTS)
        await page.screenshot({ path: `/tmp/phone/${lang}${screen.replace(/[/?=&]/g, '_')}.png`, fullPage: false });
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
