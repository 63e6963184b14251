import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { control, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

test('the entrance report filters by open type and exports what it shows', async ({ page }) => {
  const c = await seedCommunity(`Entrance Court ${Date.now()}`);
  const other = await seedCommunity(`Elsewhere ${Date.now()}`);
  const { id: gate } = await control<{ id: number }>('/address', { communityId: c, address: 'North Gate', type: 0 });
  const manager = await seedAccount({ roleId: 4, name: 'Reporter', manages: [c] });
  const base = { communityId: c, addressId: gate, deviceName: 'NG-1' };
  await control('/accessEvent', {
    ...base,
    time: '2026-03-01T02:00:00Z',
    type: 1,
    account: '13811110001',
    cardNum: '11112222',
    cardMode: 1,
  });
  await control('/accessEvent', { ...base, time: '2026-03-01T03:00:00Z', type: 4, account: '13811110002' });
  await control('/accessEvent', { ...base, time: '2026-03-01T04:00:00Z', type: 5, account: '13811110003' });
  await control('/accessEvent', { ...base, time: '2026-03-01T05:00:00Z', type: 4, result: 2, account: '13811110004' });
  await control('/accessEvent', { communityId: other, deviceName: 'XX-9', time: '2026-03-01T06:00:00Z', type: 4, account: '13811110009' });

  await openSignedIn(page, manager.id, '/access/entrance');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('3 in total')).toBeVisible();

  await page.getByLabel('Open type').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'QR code' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('NG-1');
  await expect(rows.first()).toContainText('13811110002');
  await expect(rows.first()).toContainText('QR code');
  await expect(rows.first()).toContainText('2026/03/01 11:00:00');

  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(dl.suggestedFilename()).toBe('Entrance report.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await dl.path());
  const sheet = wb.worksheets[0];
  expect(sheet?.rowCount).toBe(2);
  expect(sheet?.getRow(1).values).toEqual([undefined, 'Short name', 'Company', 'Open type', 'Account', 'Open time']);
  const cells = (sheet?.getRow(2).values ?? []) as unknown[];
  expect(cells.slice(1, 6)).toEqual(['NG-1', expect.stringContaining('Entrance Court'), 'QR code', '13811110002', '2026/03/01 11:00:00']);
});

test('the access event log shows localized codes and filters by result; the visitor page hides admin-only parts', async ({ page }) => {
  const c = await seedCommunity(`Log Court ${Date.now()}`);
  const { id: gate } = await control<{ id: number }>('/address', { communityId: c, address: 'South Gate', type: 0 });
  const manager = await seedAccount({ roleId: 4, name: 'Watcher', manages: [c] });
  const base = { communityId: c, addressId: gate, deviceName: 'SG-1' };
  await control('/accessEvent', {
    ...base,
    time: '2026-04-01T02:00:00Z',
    type: 1,
    account: '13822220001',
    userName: 'Ann Lee',
    cardNum: '33334444',
    cardMode: 1,
  });
  await control('/accessEvent', { ...base, time: '2026-04-01T03:00:00Z', type: 13, result: 1, cardNum: '99990000', cardMode: 2 });

  await openSignedIn(page, manager.id, '/eventlog/accesslog');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Result').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Unknown credential' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Invalid card');
  await expect(rows.first()).toContainText('ID card');
  await expect(rows.first()).toContainText('South Gate');
  await expect(rows.first()).toContainText('2026/04/01 11:00:00');

  await page.goto('/access/visitor');
  await expect(page.getByRole('columnheader', { name: 'Valid to' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Valid from' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
});
