import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { control, openSignedIn, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';

/** A punch at a wall-clock time of the server's zone (Asia/Shanghai). */
const punch = (communityId: number, account: string, local: string) =>
  control('/accessEvent', {
    communityId,
    account,
    userName: 'Ann Lee',
    deviceName: 'Lobby',
    type: 5,
    isWork: true,
    time: `${local.replace(' ', 'T')}:00+08:00`,
  });

test('a 4-punch rule set in the dialog turns punches into normal and abnormal days, with punch records and their export', async ({
  page,
}) => {
  const name = `Clockwork Ltd ${Date.now()}`;
  const c = await seedCommunity(name, { type: 1, regNo: uniquePhone() });
  const manager = await seedAccount({ roleId: 4, name: 'Timekeeper', manages: [c] });
  const ann = uniquePhone();
  for (const at of ['08:55', '12:05', '12:55', '18:10']) await punch(c, ann, `2026-03-02 ${at}`);
  for (const at of ['09:20', '12:05', '18:10']) await punch(c, ann, `2026-03-03 ${at}`);

  // Attendance settings: the company, in the default mode.
  await openSignedIn(page, manager.id, '/access/dailycheck');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('Default');

  // The rule dialog: custom, 4 punches; an end before its start is refused first.
  await row.getByRole('button', { name: 'Attendance settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Custom').check();
  await dialog.getByLabel('4 punches').check();
  await expect(dialog.getByPlaceholder('noon start')).toBeVisible();
  await expect(dialog.getByPlaceholder('overtime start')).toHaveCount(0);
  const end = dialog.getByPlaceholder('end of work');
  await end.click();
  await end.fill('08:00');
  await end.press('Enter');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('start of work must be before end of work')).toBeVisible();
  await end.click();
  await end.fill('18:00');
  await end.press('Enter');
  await expect(dialog.getByText('start of work must be before end of work')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Configuration successful')).toBeVisible();
  await expect(page.locator('.ant-modal-wrap')).toBeHidden();
  await expect(row).toContainText('Custom · 4 punches');

  // Saving the same rule again answers success without calling the server.
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('createCommunityRule')) saves.push(r.url());
  });
  await row.getByRole('button', { name: 'Attendance settings' }).click();
  await expect(dialog.getByPlaceholder('noon end')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-modal-wrap')).toBeHidden();
  expect(saves).toEqual([]);

  // Daily detail: Monday normal, Tuesday (late, no noon return) abnormal in red.
  await row.getByRole('button', { name: 'Daily detail' }).click();
  await expect(page).toHaveURL(new RegExp(`/dailycheckrelation/dailydetail/${c}/$`));
  for (const [label, day] of [
    ['Start date', '2026-03-01'],
    ['End date', '2026-03-31'],
  ]) {
    const input = page.getByLabel(label);
    await input.click();
    await input.fill(day);
    await input.press('Enter');
  }
  await page.getByRole('button', { name: 'Search' }).click();
  const days = page.locator('tbody tr.ant-table-row');
  await expect(days).toHaveCount(2);
  const monday = days.filter({ hasText: '2026/03/02' });
  const tuesday = days.filter({ hasText: '2026/03/03' });
  await expect(monday).toContainText('Ann Lee');
  await expect(monday).toContainText('Monday');
  await expect(monday).toContainText('08:55:00');
  await expect(monday).toContainText('12:05:00 ~ 12:55:00');
  await expect(monday).toContainText('18:10:00');
  await expect(monday).toContainText('08:25');
  await expect(monday.locator('[data-status="1"]')).toHaveText('Normal');
  await expect(tuesday).toContainText('Tuesday');
  const abnormal = tuesday.locator('[data-status="0"]');
  await expect(abnormal).toHaveText('Abnormal');
  await expect(abnormal).toHaveCSS('color', /rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)/);

  // Punch records of the abnormal day, and their export.
  await tuesday.getByRole('button', { name: 'Clock-in details' }).click();
  await expect(page).toHaveURL(new RegExp(`/dailycheck/record/${ann}/2026-03-03\\?c=${c}$`));
  await expect(page.locator('.ant-breadcrumb')).toContainText('Punch details');
  const punches = page.locator('tbody tr.ant-table-row');
  await expect(punches).toHaveCount(3);
  await expect(punches.first()).toContainText('Lobby');
  await expect(punches.first()).toContainText('2026/03/03 09:20:00');

  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(dl.suggestedFilename()).toBe('Punch details.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await dl.path());
  expect(wb.worksheets.map((s) => s.name)).toEqual(['equimentlist']);
  const sheet = wb.getWorksheet('equimentlist');
  expect(sheet?.getRow(1).values).toEqual([undefined, 'Registration number', 'Device short name', 'Punch time']);
  expect(sheet?.rowCount).toBe(4);
  expect(sheet?.getRow(2).values).toEqual([undefined, ann, 'Lobby', '2026/03/03 09:20:00']);
  expect(sheet?.getRow(4).values).toEqual([undefined, ann, 'Lobby', '2026/03/03 18:10:00']);
});
