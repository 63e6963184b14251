import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { type Demo, eachTab, LANGS, openDemo, screensToCheck, startDemo } from '../support/demo.ts';

/**
 * Issue 10 item 6: every demo screen, in the three languages, checked by axe-core with the
 * WCAG 2.1 A and AA rules. The violations per screen are printed (with A11Y_DEBUG=1, also the
 * elements and why); any serious or critical one fails the test, there is no exception list.
 * The page's lang attribute follows the language. What keeps the screens clean: the theme's
 * contrast (app/App.tsx), every filter named by its label (shared/FilterBar.tsx), the table
 * body a named, focusable region (shared/ListPage.tsx) and antd's measure row kept out of the
 * Tab order (app/app.css). A tabbed screen (access rules, access review) is checked on each
 * tab. A11Y_LANGS=en checks one language; DEMO_SCREENS=rules,review only those screens.
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

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
for (const lang of (process.env.A11Y_LANGS?.split(',') as typeof LANGS | undefined) ?? LANGS) {
  test(`every screen passes axe-core (WCAG 2.1 AA): ${lang}`, async ({ page }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const serious: string[] = [];
    for (const screen of screensToCheck(demo)) {
      await openDemo(page, demo, lang, screen);
      await expect(page.locator('main')).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (screen !== '/appcount') {
        await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
      }
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
      await eachTab(page, screen, async (tab) => {
        const at = tab ? `${screen} [${tab}]` : screen;
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        console.log(`${lang} ${at}: ${violations.length} violation(s)${violations.map((v) => ` ${v.id}(${v.impact})`).join('')}`);
        if (process.env.A11Y_DEBUG) {
          for (const v of violations) {
            for (const n of v.nodes.slice(0, 4)) console.log(`  ${v.id} ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`);
          }
        }
        for (const v of violations) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            serious.push(
              `${at}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
            );
          }
        }
      });
    }
    expect(serious, serious.join('\n')).toEqual([]);
  });
}
