import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

test.setTimeout(90_000);

async function pickDate(page: Page, testId: string, text: string) {
  const input = page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first();
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

test('a manager adds a notice with an attachment, downloads it and deletes the notice', async ({ page }) => {
  const mine = await seedCommunity('Notice Court');
  const a = await seedAccount({ roleId: 4, manages: [mine] });
  await openSignedIn(page, a.id, '/service/notice');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(page.locator('.ant-empty-description')).toHaveText('No data');

  await page.getByRole('button', { name: 'Add notice' }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toContainText('Please enter title');

  await page.getByTestId('notice-title').fill('Lift maintenance');
  await page.getByTestId('notice-content').fill('Lift 2 stops on Friday');
  await page.getByTestId('notice-community').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Notice Court' }).first().click();
  await pickDate(page, 'notice-validfrom', '2026/12/05 18:00:00');
  await pickDate(page, 'notice-validto', '2026/12/05 08:00:00');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toContainText('The effective time must be before the expiry time');
  await pickDate(page, 'notice-validto', '2026/12/06 08:00:00');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'schedule.txt', mimeType: 'text/plain', buffer: Buffer.from('friday 9-12') });
  await expect(dialog).toContainText('schedule.txt');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-message').getByText('Created', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('Lift maintenance');
  await expect(row).toContainText('Notice Court');
  await expect(row).toContainText('2026/12/05 18:00:00');
  await expect(row).toContainText('2026/12/06 08:00:00');

  const [dl] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'schedule.txt' }).click()]);
  expect(dl.suggestedFilename()).toBe('schedule.txt');
  expect(fs.readFileSync(await dl.path(), 'utf8')).toBe('friday 9-12');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-message').getByText('Deleted', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(0);
});
