import { expect, type Page, test } from '@playwright/test';
import { modalsClosed, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

const pick = async (page: Page, testId: string, option: string) => {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};
const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });

test('setting up rules quickly: the page keeps its community, 8:00 is taken as 08:00, a day is copied to the others', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Quick admin' });
  await openSignedIn(page, admin.id, '/access/rules');
  const community = `Quick Court ${stamp}`;
  await seedCommunity(community);
  await page.reload();
  await pick(page, 'rules-community', community);
  await expect(page.getByTestId('rules-timezone')).toContainText('Asia/Shanghai');

  // Away and back through the menu: the community is still chosen.
  await page.goto('/access/faceid');
  await page.goto('/access/rules');
  await expect(page.getByTestId('rules-community')).toContainText(community);
  await expect(page.getByTestId('rules-timezone')).toBeVisible();

  await page.getByTestId('schedule-add').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('schedule-form') });
  await page.getByTestId('schedule-name').fill('Office');
  await page.getByTestId('week-1-add').click();
  await page.getByTestId('week-1-1-start').fill('8:00');
  await page.getByTestId('week-1-1-end').fill('9:30');
  // Leaving a field shows the time as it is kept.
  await page.getByTestId('schedule-name').click();
  await expect(page.getByTestId('week-1-1-start')).toHaveValue('08:00');
  await expect(page.getByTestId('week-1-1-end')).toHaveValue('09:30');

  // Monday's times to Tuesday–Friday (ticked first), not to the weekend.
  await page.getByTestId('week-1-copy').click();
  const panel = page.getByTestId('week-1-copy-panel');
  await expect(panel.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  await page.getByTestId('week-1-copy-ok').click();
  await expect(page.getByTestId('week-5-1-start')).toHaveValue('08:00');
  await expect(page.getByTestId('week-6-1-start')).toHaveCount(0);
  await page.getByTestId('schedule-ok').click();
  await modalsClosed(page);
  await expect(dialog).toHaveCount(0);
  const row = rowOf(page, 'Office');
  await expect(row).toContainText('Monday: 08:00-09:30');
  await expect(row).toContainText('Friday: 08:00-09:30');
  await expect(row).not.toContainText('Saturday');
});
