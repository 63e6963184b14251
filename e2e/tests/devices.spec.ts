import { expect, type Page, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { modalsClosed, openSignedIn, rowActionOf, seedAccount, seedCommunity } from '../support/fixtures.ts';

test.describe.configure({ timeout: 180_000 });

const mqttUrl = () => process.env.E2E_MQTT_URL as string;

const pick = async (page: Page, testId: string, option: string | RegExp) => {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};

/** Loads the list again (the lists also refresh by themselves every 30 s). */
const search = (page: Page) => page.reload();

let sim: SimulatedDevice | undefined;
test.afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

test('a door unit goes from the pool to the device list, comes online, opens for a visitor QR code exactly numOpen times, and a failed command is resent', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const serial = `E2E${stamp}`;
  const company = `Harbour Tech ${stamp}`;
  await seedCommunity(company, { type: 1 });
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  await openSignedIn(page, admin.id, '/project/pool');

  // 1. the device pool: add the unit
  await page.getByTestId('pool-add').click();
  const poolDialog = page.locator('.ant-modal');
  await poolDialog.getByRole('button', { name: 'OK' }).click();
  await expect(poolDialog.getByText('Please enter short name')).toBeVisible();
  await page.getByTestId('pool-name').fill('Harbour gate');
  await page.getByTestId('pool-serial').fill(serial);
  await poolDialog.getByRole('radio', { name: 'No', exact: true }).check();
  await poolDialog.getByRole('checkbox', { name: 'QR code' }).check();
  await poolDialog.getByRole('checkbox', { name: 'Card' }).check();
  await poolDialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  await modalsClosed(page);
  await expect(page.locator('tbody tr.ant-table-row').filter({ hasText: serial })).toContainText('QR code');

  // 2. the device list: bind it to a company; the secret is shown once
  await page.goto('/project/devices');
  await page.getByTestId('device-add').click();
  await page.getByTestId('device-name').fill('Harbour main door');
  await page.getByTestId('device-serial').fill(serial);
  await page.getByTestId('device-phone').fill('13912345678');
  await pick(page, 'device-company', company);
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  const secretBox = page.getByTestId('device-secret');
  await expect(secretBox).toBeVisible();
  const secret = ((await secretBox.textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: serial });
  await expect(row.getByTestId(`online-${serial}`)).toHaveText('Offline');

  // 3. the unit connects with its secret and comes online; its configuration arrives
  sim = await startSimulatedDevice({ url: mqttUrl(), serial, secret });
  await expect(async () => {
    await search(page);
    await expect(row.getByTestId(`online-${serial}`)).toHaveText('Online', { timeout: 10_000 });
    await expect(row).toContainText('In sync', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  expect(sim.state.qrKey).not.toBeNull();

  // 4. a visitor QR code for two opens: accepted twice, then refused
  await page.goto('/access/visitorcode');
  await page.getByTestId(`qr-create-${serial}`).click();
  await page.getByTestId('qr-numopen').fill('2');
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('qr-image')).toBeVisible();
  const code = ((await page.getByTestId('qr-payload').textContent()) ?? '').trim();
  expect(code).toMatch(/^GH1\./);
  expect(await sim.scanQr(code)).toMatchObject({ ok: true, result: 0 });
  expect(await sim.scanQr(code)).toMatchObject({ ok: true, result: 0 });
  expect(await sim.scanQr(code)).toMatchObject({ ok: false, result: 5 });
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);

  // 5. a command fails on the unit, shows as failed with the unit's reason, and a resend succeeds
  sim.failureRate = 1;
  await page.goto('/access/gm');
  const gmRow = page.locator('tbody tr.ant-table-row').filter({ hasText: serial });
  await (await rowActionOf(page, gmRow, 'Download ladder configuration')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Download configuration success')).toBeVisible();
  await page.goto('/access/commands');
  const failed = page
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: 'Ladder configuration' })
    .filter({ hasText: 'Harbour main door' })
    .first();
  await expect(async () => {
    await search(page);
    await expect(failed).toContainText('Failed', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expect(failed).toContainText('simulated failure');
  sim.failureRate = 0;
  await failed.getByRole('button', { name: 'Resend' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Resent', { exact: true })).toBeVisible();
  await expect(async () => {
    await search(page);
    await expect(failed).toContainText('Success', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await failed.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByTestId('command-detail');
  await expect(detail).toContainText('Device answer 1');
  await expect(detail).toContainText('Failed simulated failure');
  await expect(detail).toContainText('Device answer 2');
});
