import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { control, modalsClosed, openSignedIn, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';

// Dialogs with pickers and a 500-row upload take longer than the default on a busy machine.
test.describe.configure({ timeout: 180_000 });

const api = async <T>(path: string, token: string, query: Record<string, string> = {}): Promise<T> => {
  const url = `http://127.0.0.1:${process.env.E2E_PORT}/api${path}?${new URLSearchParams(query).toString()}`;
  const res = await fetch(url, { headers: { token } });
  return ((await res.json()) as { content: T }).content;
};

const pick = async (page: Page, testId: string, option: string | RegExp) => {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};

test('a manager adds a householder with the community and address pickers, edits it, and disabling it ends its session', async ({
  page,
  browser,
}) => {
  const stamp = Date.now() % 100000;
  const community = await seedCommunity(`Willow Court ${stamp}`);
  await control('/address', { communityId: community, address: `W3-301-${stamp}` });
  const manager = await seedAccount({ roleId: 4, name: 'Willow boss', manages: [community] });
  const token = await openSignedIn(page, manager.id, '/account');
  const regNo = uniquePhone();

  await page.getByTestId('account-add').click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Please enter phone number')).toBeVisible();
  await page.getByTestId('acc-regNo').fill('1391234abcd');
  await expect(dialog.getByText('The phone number format is incorrect')).toBeVisible();
  await page.getByTestId('acc-regNo').fill(regNo);
  await page.getByTestId('acc-name').fill('Willow Resident');
  await page.getByTestId('acc-password').fill('Pass1234');
  await page.getByTestId('acc-checkPassword').fill('Pass9999');
  await expect(dialog.getByText('The two passwords are inconsistent')).toBeVisible();
  await page.getByTestId('acc-checkPassword').fill('Pass1234');
  await pick(page, 'acc-role', 'Householder');
  await expect(page.getByRole('spinbutton', { name: 'Face limit' })).toHaveValue('6');
  await expect(page.getByRole('spinbutton', { name: 'Resident limit' })).toHaveValue('3');
  await page.getByTestId('acc-address').click();
  await expect(page.getByText('Please select community').first()).toBeVisible();
  // every community of the shared e2e database is in this list, which renders only what is in view: search first
  await page.getByTestId('acc-community').click();
  await page.keyboard.type(`Willow Court ${stamp}`);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `Willow Court ${stamp}` })
    .first()
    .click();
  await page.getByTestId('acc-address').click();
  await page.keyboard.type('W3-301');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `W3-301-${stamp}` })
    .click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  const row = page.locator('tr.ant-table-row').filter({ hasText: regNo });
  await expect(row).toContainText('Willow Resident');
  await expect(row).toContainText(`W3-301-${stamp}`);
  await expect(row.getByTestId('state-0')).toHaveText('Inactive');

  await page.getByTestId(`edit-${regNo}`).click();
  await expect(page.getByTestId('acc-name')).toHaveValue('Willow Resident');
  await page.getByTestId('acc-name').fill('Willow Renamed');
  await pick(page, 'acc-state', 'Normal');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  await expect(row.getByTestId('state-1')).toHaveText('Normal');
  await expect(row).toContainText('Willow Renamed');

  const found = await api<{ rows: { userid: number }[] }>('/account/searchAccounts', token, { regNo });
  const residentId = found.rows[0]?.userid as number;
  const other = await browser.newContext();
  const residentPage = await other.newPage();
  await openSignedIn(residentPage, residentId, '/403');
  await expect(residentPage.getByTestId('user-menu')).toContainText('Willow Renamed');

  await page.getByTestId(`edit-${regNo}`).click();
  await pick(page, 'acc-state', 'Disabled');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  await expect(row.getByTestId('state-2')).toHaveText('Disabled');
  await residentPage.reload();
  await expect(residentPage).toHaveURL(/\/login(\?next=[^&]*)?$/);
  await other.close();
});

test('an import of 500 rows with 3 bad rows reports exactly those rows and imports nothing', async ({ page }) => {
  const stamp = Date.now() % 100000;
  const community = await seedCommunity(`Import Park ${stamp}`);
  await control('/address', { communityId: community, address: 'Hall-1' });
  const manager = await seedAccount({ roleId: 4, name: 'Import boss', manages: [community] });
  const token = await openSignedIn(page, manager.id, '/account');
  await page.getByTestId('account-import').click();
  await expect(page.getByText('Please select community').first()).toBeVisible();
  await api('/updateCommunityId', token, { communityId: String(community) });
  await page.reload();

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Accounts');
  ws.addRow(['Area code', 'Phone number', 'Name', 'Password', 'Role', 'Householder address', 'Face limit', 'Resident limit']);
  const base = 15_000_000_000 + stamp * 1000;
  for (let i = 0; i < 500; i++) {
    const bad =
      i === 100 ? { phone: '1501234567x' } : i === 250 ? { name: 'A name far too long for it' } : i === 400 ? { address: 'Hall-404' } : {};
    ws.addRow([
      '86',
      bad.phone ?? String(base + i),
      bad.name ?? `Bulk ${stamp} ${i}`,
      'Init1234',
      'Householder',
      bad.address ?? 'Hall-1',
      6,
      3,
    ]);
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await page.getByTestId('account-import').click();
  const dialog = page.locator('.ant-modal');
  await expect(dialog).toContainText(`Import accounts into Import Park ${stamp}`);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'bulk.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toContainText('3 rows are wrong; nothing was imported');
  const rows = page.getByTestId('import-errors').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('102');
  await expect(rows.nth(0)).toContainText('The phone number format is incorrect');
  await expect(rows.nth(1)).toContainText('252');
  await expect(rows.nth(1)).toContainText('name cannot exceed 15 characters');
  await expect(rows.nth(2)).toContainText('402');
  await expect(rows.nth(2)).toContainText('The community has no address "Hall-404"');
  const list = await api<{ total: number }>('/account/searchAccounts', token, { name: `Bulk ${stamp}` });
  expect(list.total).toBe(0);
});

test('a menu granted in /permission appears for that account', async ({ page, browser }) => {
  const community = await seedCommunity(`Grant Court ${Date.now() % 100000}`);
  const supervisor = await seedAccount({ roleId: 4, name: 'Grant boss', manages: [community] });
  const staff = await seedAccount({ roleId: 5, name: 'Grant staff', manages: [community] });
  const other = await browser.newContext();
  const staffPage = await other.newPage();
  await openSignedIn(staffPage, staff.id, '/account');
  await expect(staffPage.locator('.ant-menu-root')).toContainText('Account management');
  await expect(staffPage.locator('.ant-menu-root')).not.toContainText('Statistics');

  await openSignedIn(page, supervisor.id, '/permission');
  await page.getByTestId(`perm-${staff.regNo}`).click();
  const tree = page.getByTestId('perm-tree');
  await expect(tree).toContainText('Statistics');
  await tree.locator('.ant-tree-treenode').filter({ hasText: 'Statistics' }).locator('.ant-tree-checkbox').click();
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Configuration successful')).toBeVisible();
  await modalsClosed(page);

  await staffPage.reload();
  await expect(staffPage.locator('.ant-menu-root')).toContainText('Statistics');
  await other.close();
});

test('an enterprise user migrates its account from the user menu and signs in again', async ({ page }) => {
  const company = await seedCommunity(`Migrate Ltd ${Date.now() % 100000}`, { type: 1 });
  const boss = await seedAccount({ roleId: 10, name: 'Migrating boss', communityId: company });
  await openSignedIn(page, boss.id, '/403');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Account migration' }).click();
  const newNo = uniquePhone();
  await page.getByTestId('migrate-regNo').fill(newNo);
  await page.getByTestId('migrate-password').fill('Moved123');
  await page.getByTestId('migrate-confirm').fill('Moved123');
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login(\?next=[^&]*)?$/);
});
