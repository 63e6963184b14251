import { expect, type Page, test } from '@playwright/test';
import { control, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const chart = (page: Page, id: string) => page.getByTestId(`stat-${id}`);
/** Months the default range shows: six months ago up to tomorrow, so 8 when tomorrow starts a new month. */
const defaultMonths = () => {
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return 7 + (tomorrow.getMonth() === now.getMonth() ? 0 : 1);
};

test('statistics: three charts over the default six months, then by day with the last-month shortcut', async ({ page }) => {
  const mine = await seedCommunity('Stats Court');
  const other = await seedCommunity('Stats Elsewhere');
  const manager = await seedAccount({ roleId: 4, name: 'Stats Manager', manages: [mine] });
  await control('/usageEvent', { communityId: mine, kind: 'call', answered: true, times: [ago(2), ago(2)] });
  await control('/usageEvent', { communityId: mine, kind: 'call', answered: false, times: [ago(2), ago(40)] });
  await control('/usageEvent', { communityId: mine, kind: 'monitor', times: [ago(2), ago(2), ago(100)] });
  await control('/usageEvent', { communityId: other, kind: 'call', answered: true, times: [ago(2), ago(3)] });

  await openSignedIn(page, manager.id, '/appcount');
  await expect(chart(page, 'activity')).toContainText('Daily activity records');
  await expect(chart(page, 'talk')).toContainText('Talk records');
  await expect(chart(page, 'monitor')).toContainText('Monitor records');
  // Default range: by month, last six months up to tomorrow (7 months shown, 8 on a month's last day).
  await expect(chart(page, 'activity')).toHaveAttribute('data-totals', '7');
  await expect(chart(page, 'talk')).toHaveAttribute('data-totals', '4,2');
  await expect(chart(page, 'monitor')).toHaveAttribute('data-totals', '3');
  await expect(chart(page, 'talk')).toHaveAttribute('data-points', String(defaultMonths()));
  await expect(chart(page, 'talk')).toContainText('Calls made 4 · Calls answered 2');
  for (const id of ['activity', 'talk', 'monitor']) await expect(chart(page, id).locator('canvas').first()).toBeVisible();

  // By day: the same range, one point per day.
  await page.getByText('By day', { exact: true }).click();
  // While the day query loads the chart has no points (data-points ''): wait for the loaded count.
  const points = async () => Number((await chart(page, 'talk').getAttribute('data-points')) || 0);
  await expect.poll(points).toBeGreaterThan(180);
  await expect(chart(page, 'talk')).toHaveAttribute('data-totals', '4,2');

  // Shortcut: last 1 month (the 40- and 100-day-old events drop out).
  await page.getByRole('textbox', { name: 'Start date' }).click();
  await page.locator('.ant-picker-presets li').filter({ hasText: 'Last 1 month' }).click();
  await expect(chart(page, 'activity')).toHaveAttribute('data-totals', '5');
  await expect(chart(page, 'talk')).toHaveAttribute('data-totals', '3,2');
  await expect(chart(page, 'monitor')).toHaveAttribute('data-totals', '2');
  await expect.poll(points).toBeGreaterThanOrEqual(29);
  expect(await points()).toBeLessThanOrEqual(33);
});

test('statistics: an empty range shows the empty state', async ({ page }) => {
  const c = await seedCommunity('Quiet Court');
  const manager = await seedAccount({ roleId: 4, name: 'Quiet Manager', manages: [c] });
  await openSignedIn(page, manager.id, '/appcount');
  await expect(chart(page, 'talk')).toHaveAttribute('data-totals', '0,0');
  await expect(chart(page, 'talk')).toContainText('No records in this range');
});
