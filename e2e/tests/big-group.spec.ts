import { expect, type Page, test } from '@playwright/test';
import { apiPost, control, modalsClosed, openSignedIn, seedAccount, seedCommunity, seedDoorUnit } from '../support/fixtures.ts';

const pick = async (page: Page, testId: string, option: string, search = false) => {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};

test('a unit added to a group of 1,200 cards: saved at once, the list shows the sending until every card is queued', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Big group admin' });
  const token = await openSignedIn(page, admin.id, '/access/rules');
  const community = `Big Court ${stamp}`;
  const communityId = await seedCommunity(community);
  const home = (await control<{ id: number }>('/address', { communityId, address: `Tower ${stamp} Room 1`, type: 1 })).id;
  const north = await seedDoorUnit(token, communityId, `North gate ${stamp}`, `BN${stamp}`);
  await seedDoorUnit(token, communityId, `South gate ${stamp}`, `BS${stamp}`);
  const group = await apiPost<{ id: number }>(token, '/rules/saveGroup', {
    communityId,
    name: 'Residents',
    scheduleId: 0,
    units: north.addressid,
  });
  await control('/groupCards', { groupId: group.id, communityId, addressId: home, count: 1200 });

  await page.reload();
  await pick(page, 'rules-community', community, true);
  await page.getByRole('tab', { name: 'Groups' }).click();
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: 'Residents' });
  await expect(row).toContainText('1200');
  await page.getByTestId(`group-edit-${group.id}`).click();
  await pick(page, 'group-units', `South gate ${stamp}`);
  await page.getByTestId('group-ok').click();
  await modalsClosed(page);
  await expect(row).toContainText(`South gate ${stamp}`);
  await expect(row.getByTestId('group-sending')).toHaveText('Sending to door units: 0 / 1,200');

  // The background work runs; the list, reading again while something is sent, shows it done.
  await control('/runFanOuts');
  await expect(row.getByTestId('group-sending')).toHaveCount(0);
  await expect(row).toContainText('1200');
});
