import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { control, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

test('the operation log shows who changed what, filters by menus, and exports', async ({ page }) => {
  const c = await seedCommunity('Audit Court');
  const { id: messageId } = await control<{ id: number }>('/message', { communityId: c, title: 'Audit import', type: 0 });
  const admin = await seedAccount({ roleId: 1, name: 'Auditor' });
  const token = await openSignedIn(page, admin.id, '/operationlog');
  // a real mutation through the API: deleting the message writes the log
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/api/message/deleteMsg`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    body: `id=${messageId}`,
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);

  // the second menu lists the first's children, and a new first menu clears it
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  const menu2 = page.getByTestId('oplog-menu2');
  await expect(menu2).toHaveClass(/ant-select-disabled/);
  await page.getByTestId('oplog-menu1').click();
  await open.filter({ hasText: 'Door access management' }).click();
  await expect(menu2).not.toHaveClass(/ant-select-disabled/);
  await menu2.click();
  await open.filter({ hasText: 'Access card management' }).click();
  await expect(menu2).toContainText('Access card management');
  await page.getByTestId('oplog-menu1').click();
  await open.filter({ hasText: 'Message management' }).click();
  await expect(menu2).not.toContainText('Access card management');
  // Enter in a text filter searches, once
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/oplog/getOpLogPage')) searches.push(r.url());
  });
  await page.getByRole('textbox', { name: 'Account' }).fill(admin.regNo);
  await page.getByRole('textbox', { name: 'Account' }).press('Enter');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  expect(searches).toHaveLength(1);
  expect(searches[0]).toContain(`regno=${admin.regNo}`);
  await expect(rows.first()).toContainText('Deleted message: Audit import');
  await expect(rows.first()).toContainText(admin.regNo);
  await rows.first().locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.ant-descriptions')).toContainText('title');
  await expect(page.locator('.ant-descriptions')).toContainText('Audit import');

  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(dl.suggestedFilename()).toBe('Operation log.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await dl.path());
  const sheet = wb.worksheets[0];
  expect(sheet?.rowCount).toBe(2);
  expect(String(sheet?.getRow(2).getCell(3).value)).toBe('Deleted message: Audit import');
});
