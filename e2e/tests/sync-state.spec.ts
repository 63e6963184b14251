import { expect, test } from '@playwright/test';
import { control, openSignedIn, seedAccount, seedCommunity, seedDoorUnit } from '../support/fixtures.ts';

test("a unit that refused a command: the overview counts it out of sync, its failed tag opens the failed command with the unit's answer", async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Sync admin' });
  const token = await openSignedIn(page, admin.id, '/overview');
  const community = `Sync Court ${stamp}`;
  const communityId = await seedCommunity(community);
  const serial = `SY${stamp}`;
  const unit = await seedDoorUnit(token, communityId, `East gate ${stamp}`, serial);
  await control('/failedCommand', { addressId: unit.addressid, info: 'card memory full' });

  // The overview and the device list say the same: not in sync, one failure.
  await page.reload();
  const overviewRow = page.locator('tbody tr.ant-table-row').filter({ hasText: community });
  await expect(overviewRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await page.goto('/project/devices');
  const failed = page.getByTestId(`failed-${serial}`);
  await expect(failed).toHaveText('1 failed');
  await failed.click();

  // The command list, filtered to the unit's failed commands: what failed and why.
  await expect(page).toHaveURL(new RegExp(`/access/commands\\?gateId=${unit.addressid}&status=3$`));
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('card memory full');
  await expect(rows.first()).toContainText('Failed');
  await expect(page.locator('.gh-filter-bar')).toContainText('Failed');
});
