import { expect, test } from '@playwright/test';
import { modalsClosed, openSignedIn, seedAccount } from '../support/fixtures.ts';

test.describe.configure({ timeout: 120_000 });

test('a Hikvision terminal is added to the pool with its address and sealed password; the list names its kind', async ({ page }) => {
  const serial = `HIK${Date.now() % 1_000_000}`;
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  await openSignedIn(page, admin.id, '/project/pool');

  await page.getByTestId('pool-add').click();
  const dialog = page.locator('.ant-modal');
  await page.getByTestId('pool-name').fill('Gate terminal');
  await page.getByTestId('pool-serial').fill(serial);
  await dialog.getByRole('radio', { name: 'No', exact: true }).check();
  // The vendor fields appear with the kind, and the server's rules hold in the form.
  await expect(page.getByTestId('pool-host')).toHaveCount(0);
  await page.getByTestId('pool-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Hikvision ISAPI' }).click();
  await expect(dialog.getByText('does not sign in to the MQTT broker')).toBeVisible();
  await expect(page.getByTestId('pool-host')).toBeVisible();
  await page.getByTestId('pool-host').fill('192.0.2.10');
  await page.getByTestId('pool-user').fill('admin');
  await page.getByTestId('pool-password').fill('Terminal#Pass1');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  await modalsClosed(page);

  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: serial });
  await expect(row).toContainText('Hikvision ISAPI');
  // The password is never shown again: editing shows an empty field that keeps the stored one.
  await page.getByTestId(`pool-edit-${serial}`).click();
  await expect(page.getByTestId('pool-host')).toHaveValue('192.0.2.10');
  await expect(page.getByTestId('pool-password')).toHaveValue('');
  await expect(dialog.getByText('Leave empty to keep the stored password')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Terminal#Pass1');
});
