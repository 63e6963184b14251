import crypto from 'node:crypto';
import { ROUTES } from '@gatehouse/contracts';
import { expect, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { apiPost, control, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

test.describe.configure({ timeout: 120_000 });

let sim: SimulatedDevice | undefined;
test.afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

/** A bound, connected simulated unit in a new community, and a property supervisor who manages it. */
async function site(tag: string) {
  const stamp = `${Date.now() % 1_000_000}${crypto.randomInt(0, 100)}`;
  const serial = `${tag}${stamp}`;
  const communityId = await seedCommunity(`Live Court ${stamp}`);
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const manager = await seedAccount({ roleId: 4, name: 'Watch Lead', manages: [communityId] });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  await apiPost(token, ROUTES.pool.addPool.path, { name: 'Live gate', regNo: serial, isVilla: 0, cardSupported: 4 });
  const unit = await apiPost<{ secret: string }>(token, ROUTES.device.insertDevice.path, {
    addressName: `North gate ${stamp}`,
    regNo: serial,
    userPhone: '13912345678',
    communityID: communityId,
  });
  sim = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial, secret: unit.secret, firmware: 'live-fw/3.2' });
  return { stamp, communityId, manager, sim };
}

test('the access log in Live mode shows a new access event at the top without a reload', async ({ page }) => {
  const { stamp, manager, sim: unit } = await site('LIV');
  // One stream per tab: the header's alarm bell already listens, the switch adds the access log to it.
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/live/stream') && r.status() === 200);
  await openSignedIn(page, manager.id, '/eventlog/accesslog');
  await expect(page.getByTestId('live-switch')).toBeVisible({ timeout: 30_000 });
  await streamOpen;
  await page.getByTestId('live-switch').click();
  await expect(page.getByTestId('live-switch')).toBeChecked();

  const name = `Walker ${stamp}`;
  let navigated = false;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigated = true;
  });
  await unit.emit({
    kind: 'access',
    eid: crypto.randomUUID(),
    time: new Date().toISOString(),
    type: 1,
    result: 0,
    account: '13900000077',
    userName: name,
    cardNum: `C${stamp}`,
  });
  const first = page.locator('tbody tr.ant-table-row').first();
  await expect(first).toContainText(name, { timeout: 15_000 });
  await expect(first).toContainText(`Live Court ${stamp}`);
  expect(navigated).toBe(false);
});

test('the overview shows the community’s units and today’s opens, and follows the live stream', async ({ page }) => {
  const { stamp, communityId, manager, sim: unit } = await site('OVW');
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/live/stream') && r.status() === 200);
  await openSignedIn(page, manager.id, '/overview');
  await expect(page.getByTestId(`ov-online-${communityId}`)).toHaveText('1 / 1', { timeout: 15_000 });
  await expect(page.getByTestId(`ov-opens-${communityId}`)).toHaveText('0');
  await expect(page.getByTestId('ov-fw-live-fw/3.2')).toContainText('1');
  await streamOpen;
  await unit.emit({
    kind: 'access',
    eid: crypto.randomUUID(),
    time: new Date().toISOString(),
    type: 1,
    result: 0,
    userName: `Ov ${stamp}`,
  });
  // Reloaded by the live event (at most every 5 s), not by the page.
  await expect(page.getByTestId(`ov-opens-${communityId}`)).toHaveText('1', { timeout: 20_000 });
});
