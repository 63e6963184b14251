import { expect, type Page, test } from '@playwright/test';
import { startHikEmulator, startSimulatedDevice, startZkEmulator } from '../../packages/device-sim/src/index.ts';
import { apiPost, control, modalsClosed, openSignedIn, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';

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

/** Picks an option of a list's filter (a select named by its label) and searches. */
async function filterBy(page: Page, label: string, option: string) {
  await page.locator('.gh-filter-bar .gh-filter').filter({ hasText: label }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
  await page.locator('.gh-filter-bar').getByRole('button', { name: 'Search' }).click();
}

const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });

let stops: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  await Promise.all(stops.map((s) => s()));
  stops = [];
});

test('a card issued to a household reaches its door units of each kind; the command and device lists show and filter the kind', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Kinds admin' });
  const token = await openSignedIn(page, admin.id, '/access/gate');
  const community = `Kinds Court ${stamp}`;
  const communityId = await seedCommunity(community);
  await control('/address', { communityId, address: `Kinds ${stamp} Room 101`, type: 1 });

  // One door unit of each kind, each bound to a door of the community and running as its emulator.
  const card = { isVilla: 0, cardSupported: 4, faceSupported: 0, qrcodeSupported: 0, pwdSupported: 0 };
  const bind = (name: string, regNo: string) =>
    apiPost<{ addressid: number; secret: string }>(token, '/device/insertDevice', {
      addressName: name,
      regNo,
      userPhone: '13912345678',
      communityID: communityId,
    });
  const password = `Hik-${stamp}`;
  const hik = await startHikEmulator({ port: 0, serial: `KH${stamp}`, username: 'admin', password });
  stops.push(() => hik.close());
  await apiPost(token, '/pool/addPool', { name: 'MQTT door', regNo: `KM${stamp}`, ...card });
  await apiPost(token, '/pool/addPool', {
    name: 'Hik door',
    regNo: hik.serial,
    ...card,
    unitKind: 'hik-isapi',
    vendorHost: '127.0.0.1',
    vendorPort: hik.port,
    vendorUser: 'admin',
    vendorPassword: password,
  });
  await apiPost(token, '/pool/addPool', { name: 'ZK door', regNo: `KZ${stamp}`, ...card, unitKind: 'zk-push' });
  const mqttUnit = await bind(`MQTT door ${stamp}`, `KM${stamp}`);
  await bind(`Hik door ${stamp}`, hik.serial);
  await bind(`ZK door ${stamp}`, `KZ${stamp}`);
  const sim = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial: `KM${stamp}`, secret: mqttUnit.secret });
  stops.push(() => sim.stop());
  const zk = await startZkEmulator({ server: `http://127.0.0.1:${process.env.E2E_PORT}`, serial: `KZ${stamp}`, pollMs: 1000 });
  stops.push(() => zk.close());

  const cardNo = String(stamp).padStart(8, '0');
  await test.step('issue a card to the household and send it to its three door units', async () => {
    await page.getByTestId('card-add').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('card-form') });
    await page.getByTestId('card-cardid').fill(cardNo);
    await page.getByTestId('card-community').click();
    await page.keyboard.type(community);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: community }).first().click();
    await page.getByTestId('card-household').locator('input').fill(`Kinds ${stamp}`);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `Kinds ${stamp} Room 101` })
      .click();
    await page.getByTestId('card-account').fill(uniquePhone());
    await dialog.getByRole('button', { name: 'OK' }).click();
    const assign = page.locator('.ant-modal').filter({ has: page.getByTestId('door-assign') });
    await expect(assign.getByTestId('door-just-added')).toBeVisible();
    await page.getByTestId('door-gates').click();
    for (const door of ['MQTT door', 'Hik door', 'ZK door'])
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `${door} ${stamp}` })
        .click();
    await page.keyboard.press('Escape');
    await page.getByTestId('door-add').click();
    await expect(page.getByTestId('door-configured').locator('tbody tr.ant-table-row')).toHaveCount(3);
    // Each chosen door names its kind: door names repeat, the kind tells which terminal it is.
    for (const [door, kind] of [
      ['MQTT door', 'Gatehouse MQTT'],
      ['Hik door', 'Hikvision ISAPI'],
      ['ZK door', 'ZKTeco PUSH'],
    ] as const)
      await expect(rowOf(page, `${door} ${stamp}`).locator('[data-kind]')).toHaveText(kind);
    await page.getByTestId('door-confirm').click();
    await expect(page.getByText('Download configuration success')).toBeVisible();
    await modalsClosed(page);

    // Each unit holds the card: the MQTT simulator, the Hikvision terminal and the ZKTeco terminal.
    const held = () => ({
      mqtt: [...sim.state.cards.values()].some((c) => JSON.stringify(c).includes(cardNo)),
      hik: [...hik.state.cards.values()].some((c) => c.cardNo === cardNo),
      zk: [...zk.state.users.values()].some((u) => u.cardNo === cardNo),
    });
    await expect.poll(held, { timeout: 90_000 }).toEqual({ mqtt: true, hik: true, zk: true });
  });

  await test.step('the command list shows each command with its unit kind, and filters by kind', async () => {
    await page.goto('/access/commands');
    const kinds = [
      ['MQTT door', 'Gatehouse MQTT'],
      ['Hik door', 'Hikvision ISAPI'],
      ['ZK door', 'ZKTeco PUSH'],
    ] as const;
    for (const [door, kind] of kinds) {
      const command = rowOf(page, `${door} ${stamp}`).filter({ hasText: 'Access card' }).first();
      await expect(async () => {
        await page.reload();
        await expect(command).toContainText('Success', { timeout: 10_000 });
      }).toPass({ timeout: 90_000 });
      await expect(command.locator('[data-kind]')).toHaveText(kind);
    }
    await filterBy(page, 'Unit kind', 'Hikvision ISAPI');
    await expect(rowOf(page, `Hik door ${stamp}`).first()).toBeVisible();
    await expect(rowOf(page, `MQTT door ${stamp}`)).toHaveCount(0);
    await expect(rowOf(page, `ZK door ${stamp}`)).toHaveCount(0);
  });

  await test.step('the device list names each unit kind and filters by it', async () => {
    await page.goto('/project/devices');
    await page.locator('.gh-filter-bar input#addressName').fill(`door ${stamp}`);
    await page.locator('.gh-filter-bar input#addressName').press('Enter');
    await expect(page.getByTestId(`device-kind-${hik.serial}`)).toHaveText('Hikvision ISAPI');
    await expect(page.getByTestId(`device-kind-KZ${stamp}`)).toHaveText('ZKTeco PUSH');
    await expect(page.getByTestId(`device-kind-KM${stamp}`)).toHaveText('Gatehouse MQTT');
    await filterBy(page, 'Unit kind', 'ZKTeco PUSH');
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId(`device-kind-KZ${stamp}`)).toBeVisible();

    // On a phone the rows are cards, and the kind is on them too.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId(`device-kind-KZ${stamp}`)).toHaveText('ZKTeco PUSH');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  await test.step('the access log and the alarm records name the vendor terminals as any door unit', async () => {
    await zk.swipe(cardNo);
    await hik.swipe(cardNo);
    await hik.alarm('tamper');
    // The Hikvision terminal's events come in with its event search (every HIK_POLL_MS) where no callback URL is set.
    await page.goto('/eventlog/accesslog');
    for (const door of ['ZK door', 'Hik door']) {
      const row = rowOf(page, `${door} ${stamp}`).filter({ hasText: cardNo });
      await expect(async () => {
        await page.reload();
        await expect(row.first()).toBeVisible({ timeout: 5000 });
      }).toPass({ timeout: 120_000 });
    }
    await page.goto('/eventlog/alarm');
    const alarm = rowOf(page, `Hik door ${stamp}`);
    await expect(async () => {
      await page.reload();
      await expect(alarm.first()).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 120_000 });
    await expect(alarm.first()).toContainText(community);
  });
});
