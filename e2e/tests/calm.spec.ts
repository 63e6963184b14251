import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, seedAccount } from '../support/fixtures.ts';

/**
 * Issue 10 item 4: a dialog that refuses its form stays calm. OK on an empty Add dialog shows
 * the broken rules on their fields and the browser console stays clean: no "Uncaught (in
 * promise)", no error, no page error; the add-card dialog does not look for the local card
 * reader helper (a refused fetch is logged by the browser) until the user asks.
 */
function watchConsole(page: Page): string[] {
  const bad: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Uncaught/.test(m.text())) bad.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => bad.push(`pageerror: ${e.message}`));
  return bad;
}

const SCREENS: { path: string; add: (p: Page) => ReturnType<Page['getByTestId']> }[] = [
  { path: '/account', add: (p) => p.getByRole('button', { name: /^Add/ }).first() },
  { path: '/project/project', add: (p) => p.getByRole('button', { name: /^Add/ }).first() },
  { path: '/service/notice', add: (p) => p.getByRole('button', { name: /^Add/ }).first() },
  { path: '/access/gate', add: (p) => p.getByTestId('card-add') },
];

test('OK on an empty Add dialog shows the rules on their fields and logs nothing to the console', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await seedAccount({ roleId: 1, name: 'Calm admin' });
  const bad = watchConsole(page);
  for (const s of SCREENS) {
    await openSignedIn(page, admin.id, s.path);
    await expect(page.locator('.ant-table-wrapper')).toBeVisible();
    await s.add(page).click();
    const dialog = page.locator('.ant-modal:visible');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(dialog).toBeVisible(); // refused: the dialog stays open
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
    expect(bad, `${s.path}: ${bad.join('\n')}`).toEqual([]);
  }
});
