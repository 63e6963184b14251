import { ROUTES } from '@gatehouse/contracts';
import { expect, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { apiPost, control, modalsClosed, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

test.describe.configure({ timeout: 120_000 });

let sim: SimulatedDevice | undefined;
test.afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

test('a door unit raises an alarm; staff see it in Alarm records and acknowledge it with a note', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const serial = `ALM${stamp}`;
  const communityId = await seedCommunity(`Alarm Court ${stamp}`);
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const manager = await seedAccount({ roleId: 4, name: 'Guard Lead', manages: [communityId] });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  await apiPost(token, ROUTES.pool.addPool.path, { name: 'Alarm gate', regNo: serial, isVilla: 0, cardSupported: 4 });
  const unit = await apiPost<{ secret: string }>(token, ROUTES.device.insertDevice.path, {
    addressName: `East gate ${stamp}`,
    regNo: serial,
    userPhone: '13912345678',
    communityID: communityId,
  });
  sim = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial, secret: unit.secret });
  await sim.raiseAlarm('forced');

  await openSignedIn(page, manager.id, '/eventlog/alarm');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: `East gate ${stamp}` });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText('Door forced open');
  await expect(row).toContainText(`Alarm Court ${stamp}`);

  // The bell counts the open alarm, and goes down live once it is acknowledged (no reload).
  const bell = page.getByTestId('alarm-bell-count').locator('.ant-badge-count');
  await expect(bell).toHaveAttribute('title', '1');
  await row.getByRole('button', { name: 'Acknowledge' }).click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('alarm-ack-form') });
  await dialog.getByLabel('Note').fill('Guard checked the door; closed');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Acknowledged 1 alarm(s)')).toBeVisible();
  await modalsClosed(page);
  await expect(row).toContainText('Acknowledged');
  await expect(row).toContainText(manager.regNo);
  await expect(row).toContainText('Guard checked the door; closed');
  await expect(row.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await expect(bell).toHaveCount(0);
  expect(await row.textContent()).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}.*\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);

  // only the pending ones: the acknowledged alarm is filtered out
  await page.getByLabel('Acknowledgement').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Not acknowledged' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row).toHaveCount(0);
});

test('a path without a screen shows the 404 page', async ({ page }) => {
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  await openSignedIn(page, admin.id, '/eventlog/nothing-here');
  await expect(page.getByText('Page not found')).toBeVisible();
});
