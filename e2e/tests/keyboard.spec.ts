/// <reference lib="dom" />
import { expect, type Locator, type Page, test } from '@playwright/test';
import { control, modalsClosed, openSignedIn, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';

/**
 * Issue 10: dialogs work with the keyboard alone. After the page is opened nothing is clicked:
 * Tab reaches the Add button of the gate card list and Enter opens the dialog; the focus moves
 * into it and Tab stays inside it, reaching the card reader's help button; typing and Enter
 * pick from the selects; Enter on OK saves.
 */
test.describe.configure({ timeout: 120_000 });

/** Whether the element (or something inside it, e.g. a select's search input) has the focus. */
const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab until `target` has the focus (at most `max` times); with `within`, every element
 * passed on the way is inside it (a dialog keeps the focus).
 */
async function tabTo(page: Page, target: Locator, { max = 80, within }: { max?: number; within?: Locator } = {}) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (within) expect(await focused(within), `the focus left ${within} on the way to ${target}`).toBe(true);
    if (await focused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await focused(target), `Tab did not reach ${target}`).toBe(true);
}

/** In a focused select: types `text`, waits until the option carrying it is the active one, and picks it with Enter. */
async function typeAndPick(page: Page, text: string) {
  await page.keyboard.type(text);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(text);
  await page.keyboard.press('Enter');
}

test('a gate card is added with the keyboard alone', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const community = `Keyboard Court ${stamp}`;
  const household = `Block ${stamp} Room 101`;
  const communityId = await seedCommunity(community);
  await control('/address', { communityId, address: household, type: 1 });
  const admin = await seedAccount({ roleId: 1, name: 'Keyboard admin' });
  await openSignedIn(page, admin.id, '/access/gate');
  await expect(page.locator('main')).toBeVisible();
  const cardid = String(stamp).padStart(8, '0');
  const holder = uniquePhone();

  // the Add button of the list, reached with Tab, pressed with Enter: the focus moves into the dialog
  await tabTo(page, page.getByTestId('card-add'));
  await page.keyboard.press('Enter');
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('card-form') });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focused(dialog)).toBe(true);

  // the card reader's help is a button the Tab order reaches inside the dialog
  const driver = dialog.getByTestId('card-reader-driver');
  await tabTo(page, driver, { max: 10, within: dialog });

  // the fields, in order
  await tabTo(page, page.getByTestId('card-cardid'), { max: 10, within: dialog });
  await page.keyboard.type(cardid);
  await tabTo(page, page.getByTestId('card-community'), { max: 3, within: dialog });
  await typeAndPick(page, community);
  await expect(page.getByTestId('card-community')).toContainText(community);
  await tabTo(page, page.getByTestId('card-household'), { max: 3, within: dialog });
  await typeAndPick(page, household);
  await expect(page.getByTestId('card-household')).toContainText(household);
  await tabTo(page, page.getByTestId('card-account'), { max: 3, within: dialog });
  await page.keyboard.type(holder);
  // type and mode keep their defaults (Access card, IC card)
  await tabTo(page, page.getByTestId('card-type'), { max: 3, within: dialog });
  await expect(page.getByTestId('card-type')).toContainText('Access card');

  // OK, reached with Tab, pressed with Enter: the dialog closes and the card is in the list
  await tabTo(page, dialog.getByRole('button', { name: 'OK' }), { max: 6, within: dialog });
  await page.keyboard.press('Enter');
  // the card's door units are offered next; Escape closes that dialog too
  await expect(page.getByTestId('door-just-added')).toBeVisible();
  await page.keyboard.press('Escape');
  await modalsClosed(page);
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: cardid });
  await expect(row).toContainText(household);
  await expect(row).toContainText(holder);
  await expect(row).toContainText('Valid');
});
