import { expect, type Page, test } from '@playwright/test';
import {
  apiPost,
  control,
  modalsClosed,
  openSignedIn,
  seedAccount,
  seedCommunity,
  seedDoorUnit,
  uniquePhone,
} from '../support/fixtures.ts';

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

test('a group takes its members on its own page: found by card number, added, listed, removed', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Member admin' });
  const token = await openSignedIn(page, admin.id, '/access/rules');
  const community = `Member Court ${stamp}`;
  const communityId = await seedCommunity(community);
  const home = (await control<{ id: number }>('/address', { communityId, address: `Flat ${stamp}`, type: 1 })).id;
  const unit = await seedDoorUnit(token, communityId, `Front gate ${stamp}`, `MB${stamp}`);
  const cardid = `M${String(stamp).padStart(7, '0')}`;
  await apiPost(token, '/card/createCard', {
    cardid,
    communityId,
    addressId: home,
    account: uniquePhone(),
    cardtype: 'accesscard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });
  const group = await apiPost<{ id: number }>(token, '/rules/saveGroup', {
    communityId,
    name: 'Night shift',
    scheduleId: 0,
    units: unit.addressid,
  });

  await page.goto(`/access/rules?communityId=${communityId}`);
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByTestId(`group-members-${group.id}`).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Members of Night shift' });
  await expect(dialog.getByText('No members yet')).toBeVisible();
  await dialog.getByTestId('group-member-search').click();
  await page.keyboard.type(cardid.slice(0, 5));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: cardid }).click();
  await page.keyboard.press('Escape');
  await dialog.getByTestId('group-member-add').click();
  await expect(dialog.locator('tbody tr.ant-table-row').filter({ hasText: cardid })).toBeVisible();
  await expect(dialog.getByTestId('group-member-counts')).toHaveText('1 cards, 0 faces');
  await dialog.getByTestId(`group-member-remove-card:${await cardRowId(token, cardid)}`).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('No members yet')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await modalsClosed(page);
});

/** A card's row id, by its number (the gate card list). */
async function cardRowId(token: string, cardid: string): Promise<number> {
  const res = await fetch(
    `http://127.0.0.1:${process.env.E2E_PORT}/api/card/getGateAccessesPage?ismjtk=1&page=0&rows=10&cardid=${cardid}`,
    {
      headers: { token },
    },
  );
  const body = (await res.json()) as { content: { rows: { id: number; cardid: string }[] } };
  return body.content.rows.find((r) => r.cardid === cardid)?.id as number;
}
