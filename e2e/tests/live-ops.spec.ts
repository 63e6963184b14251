import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** A community with one door unit whose simulated device is online, and a property manager of it. */
async function siteWithUnit(tag: string) {
  const stamp = Date.now() % 1_000_000;
  const serial = `${tag}${stamp}`;
  const communityName = `Live Court ${tag}${stamp}`;
  const communityId = await seedCommunity(communityName);
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const manager = await seedAccount({ roleId: 4, name: 'Duty Lead', manages: [communityId] });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  await apiPost(token, ROUTES.pool.addPool.path, { name: 'Live gate', regNo: serial, isVilla: 0, cardSupported: 4 });
  const address = `North gate ${tag}${stamp}`;
  const unit = await apiPost<{ secret: string }>(token, ROUTES.device.insertDevice.path, {
    addressName: address,
    regNo: serial,
    userPhone: '13912345678',
    communityID: communityId,
  });
  sim = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial, secret: unit.secret });
  // The unit is online on the server before a page shows it (the list refreshes every 30 s).
  const { token: managerToken } = await control<{ token: string }>('/token', { accountId: manager.id, lang: 'en' });
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${process.env.E2E_PORT}/api${ROUTES.gm.searchGmsPage.path}?address=${encodeURIComponent(address)}`,
          {
            headers: { token: managerToken },
          },
        );
        const env = (await res.json()) as { content?: { rows: { online: boolean }[] } };
        return env.content?.rows[0]?.online ?? false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return { communityName, manager, address };
}

test('lockdown set in two steps shows the banner on every page until it is lifted; the unit obeys', async ({ page }) => {
  const site = await siteWithUnit('EMG');
  const unit = sim as SimulatedDevice;
  await openSignedIn(page, site.manager.id, '/access/gm');
  await expect(page.getByTestId('emergency-banner')).toHaveCount(0);

  await page.getByTestId('emergency-open').click();
  const form = page.locator('.ant-modal').filter({ has: page.getByTestId('emergency-form') });
  await form.getByLabel('Community').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: site.communityName }).click();
  await form.getByLabel('Lockdown (staff only: administrators, property supervisors and staff)').check();
  await form.getByLabel('Reason').fill('Intruder reported at the car park');
  await page.getByTestId('emergency-next').click();

  // Second step: the confirmation names the scope; nothing is set before it.
  const confirmText = page.getByTestId('emergency-confirm-text');
  await expect(confirmText).toContainText(`${site.communityName} (whole community)`);
  await expect(confirmText).toContainText('Lockdown');
  await page.getByTestId('emergency-confirm').click();
  await expect(page.getByText('Emergency mode set; sent to 1 door unit(s)')).toBeVisible();
  await modalsClosed(page);

  const banner = page.getByTestId('emergency-banner');
  await expect(banner).toContainText(`Emergency mode in force: ${site.communityName} (whole community) — Lockdown`);
  await expect(banner).toContainText('Intruder reported at the car park');
  await expect.poll(() => unit.state.emergency.mode, { timeout: 30_000 }).toBe('lockdown');

  // Another page of the shell shows it too.
  await page.goto('/eventlog/alarm');
  await expect(banner).toContainText('Lockdown');

  await banner.getByRole('button', { name: 'Lift' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Emergency mode lifted; sent to 1 door unit(s)')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => unit.state.emergency.mode, { timeout: 30_000 }).toBe('normal');
});

test('remote open from the door-unit list: the unit opens and the operator is named', async ({ page }) => {
  const site = await siteWithUnit('RMT');
  const unit = sim as SimulatedDevice;
  await openSignedIn(page, site.manager.id, '/access/gm');
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: site.address });
  // A door-unit row has more than three actions: Open door is under "More".
  await row.getByRole('button', { name: /^More/ }).click({ timeout: 30_000 });
  const open = page.getByRole('button', { name: 'Open door', exact: true });
  await expect(open).toBeEnabled({ timeout: 30_000 });
  await open.click();
  // Door names repeat across communities: the confirmation names the community too.
  await expect(page.locator('.ant-popconfirm:visible')).toContainText(`Open the door of "${site.address}"`);
  await expect(page.locator('.ant-popconfirm:visible')).toContainText(`in ${site.communityName} now?`);
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('The door opened')).toBeVisible();
  expect(unit.state.remoteOpens).toEqual([site.manager.regNo]);
});

test('an administrator registers a webhook, keeps the secret shown once, and the test button delivers a signed ping', async ({ page }) => {
  const received: { signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ signature: String(req.headers['gatehouse-signature'] ?? ''), body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${Date.now()}`;
    const admin = await seedAccount({ roleId: 1, name: 'Admin' });
    await openSignedIn(page, admin.id, '/webhooks');
    await page.getByTestId('webhook-add').click();
    const form = page.locator('.ant-modal').filter({ has: page.getByTestId('webhook-form') });
    await form.getByTestId('webhook-url').fill('ftp://nowhere');
    await form.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByText('The URL must be a full http:// or https:// address')).toBeVisible();
    await form.getByTestId('webhook-url').fill(url);
    await form.getByLabel('Emergency mode').check();
    await form.getByRole('button', { name: 'OK' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('webhook-secret') })
      .getByRole('button', { name: 'OK' })
      .click();
    await modalsClosed(page);

    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: url });
    await expect(row).toContainText('Access event');
    await expect(row).toContainText('Emergency mode');
    await expect(row).toContainText('Enabled');
    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test delivered (HTTP 200)')).toBeVisible();
    // The hook subscribes to every access event: other tests' door units may deliver some too.
    const pings = received.filter((r) => JSON.parse(r.body).kind === 'ping');
    expect(pings).toHaveLength(1);
    const { signature, body } = pings[0] as { signature: string; body: string };
    const [t, v1] = signature.split(',').map((p) => p.split('=')[1]);
    expect(crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')).toBe(v1);
    await row.getByRole('button', { name: 'Deliveries' }).click();
    await expect(page.getByTestId('webhook-deliveries')).toContainText('Delivered');
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
