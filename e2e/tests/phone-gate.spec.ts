import { ROUTES } from '@gatehouse/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { apiPost, control, modalsClosed, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

/**
 * Issue 36 item 1: the gate jobs on a phone (390×844, touch), each done end to end by tapping:
 * find a person, remote open (the confirmation names community and door), acknowledge an alarm,
 * see who came in, lockdown. Nothing lays out wider than the screen on the way, and every
 * dialog's OK is on the screen.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 120_000 });

let sim: SimulatedDevice | undefined;
test.afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

/** The element lies within the screen's width (and, with `whole`, its height too). */
async function onScreen(l: Locator, whole = false) {
  const b = await l.boundingBox();
  expect(b, 'shown').not.toBeNull();
  if (!b) return;
  expect(b.x, 'left edge on the screen').toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, 'right edge on the screen').toBeLessThanOrEqual(PHONE.width + 0.5);
  if (whole) expect(b.y + b.height, 'bottom edge on the screen').toBeLessThanOrEqual(PHONE.height + 0.5);
}

/** The page is no wider than the screen (nothing to scroll sideways). */
async function noSidewaysScroll(page: Page) {
  const w = await page.evaluate(() => ({
    doc: (document.scrollingElement as HTMLElement).scrollWidth,
    main: document.querySelector('main')?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(w.doc).toBeLessThanOrEqual(w.inner);
  expect(w.main).toBeLessThanOrEqual(w.inner);
}

/** Opens a screen from the menu drawer: the menu button, the group (if the screen is in one), the screen. */
async function openFromMenu(page: Page, group: string | null, screen: string) {
  const button = page.getByTestId('menu-button');
  await onScreen(button);
  await button.tap();
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('menu') });
  await expect(drawer).toBeVisible();
  await onScreen(drawer);
  if (group) await drawer.getByRole('menuitem', { name: group }).tap();
  await drawer.getByRole('menuitem', { name: screen }).tap();
  await expect(drawer).toBeHidden();
}

/** Opens the filters and searches one text filter. */
async function searchFor(page: Page, label: string, value: string) {
  await page.getByTestId('filters-button').tap();
  const field = page.getByLabel(label, { exact: true });
  await onScreen(field);
  await field.fill(value);
  await page.getByRole('button', { name: 'Search' }).tap();
}

/** A community with one online door unit (a simulated device) and a property manager of it. */
async function siteWithUnit(tag: string) {
  const stamp = Date.now() % 1_000_000;
  const serial = `${tag}${stamp}`;
  const communityName = `Phone Court ${tag}${stamp}`;
  const communityId = await seedCommunity(communityName);
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const manager = await seedAccount({ roleId: 4, name: 'Gate Guard', manages: [communityId] });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  await apiPost(token, ROUTES.pool.addPool.path, { name: 'Phone gate', regNo: serial, isVilla: 0, cardSupported: 4 });
  const address = `West gate ${tag}${stamp}`;
  const unit = await apiPost<{ secret: string }>(token, ROUTES.device.insertDevice.path, {
    addressName: address,
    regNo: serial,
    userPhone: '13912345678',
    communityID: communityId,
  });
  sim = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial, secret: unit.secret });
  const { token: managerToken } = await control<{ token: string }>('/token', { accountId: manager.id, lang: 'en' });
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${process.env.E2E_PORT}/api${ROUTES.gm.searchGmsPage.path}?address=${encodeURIComponent(address)}`,
          { headers: { token: managerToken } },
        );
        const env = (await res.json()) as { content?: { rows: { online: boolean }[] } };
        return env.content?.rows[0]?.online ?? false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return { communityId, communityName, manager, address };
}

const card = (page: Page, text: string) => page.locator('.gh-phone-row').filter({ hasText: text });

test('find a person: the filters open from their button and the person shows as a card', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Desk Admin' });
  const person = await seedAccount({ roleId: 4, name: `Wei ${stamp}` });
  await openSignedIn(page, admin.id, '/overview');
  await openFromMenu(page, null, 'Account management');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('Name', { exact: true })).toBeHidden();
  await searchFor(page, 'Name', `Wei ${stamp}`);
  await expect(page.getByTestId('filters-button')).toHaveText(/Filters \(1\)/);
  await expect(page.locator('.gh-phone-row')).toHaveCount(1);
  const row = card(page, person.regNo);
  await expect(row).toContainText(`Wei ${stamp}`);
  await onScreen(row);
  await noSidewaysScroll(page);
});

test('remote open by tapping: the confirmation names the community and the door, the unit opens', async ({ page }) => {
  const site = await siteWithUnit('PRO');
  const unit = sim as SimulatedDevice;
  await openSignedIn(page, site.manager.id, '/overview');
  await openFromMenu(page, 'Door access management', 'Door unit management');
  await searchFor(page, 'Address', site.address);
  const row = card(page, site.address);
  await expect(row).toContainText(site.communityName);
  await onScreen(row);
  await row.getByRole('button', { name: /^More/ }).tap();
  const open = page.locator('.ant-popover:visible').getByRole('button', { name: 'Open door', exact: true });
  await expect(open).toBeEnabled({ timeout: 30_000 });
  await onScreen(open);
  await open.tap();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(`Open the door of "${site.address}"`);
  await expect(confirm).toContainText(`in ${site.communityName} now?`);
  await onScreen(confirm);
  const ok = confirm.getByRole('button', { name: 'OK' });
  await onScreen(ok, true);
  await ok.tap();
  await expect(page.getByText('The door opened')).toBeVisible();
  expect(unit.state.remoteOpens).toEqual([site.manager.regNo]);
  await noSidewaysScroll(page);
});

test('acknowledge an alarm by tapping: the dialog fits, the bell goes down', async ({ page }) => {
  const site = await siteWithUnit('PAL');
  await (sim as SimulatedDevice).raiseAlarm('forced');
  await openSignedIn(page, site.manager.id, '/eventlog/alarm');
  const row = card(page, site.address);
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row).toContainText('Door forced open');
  await expect(row).toContainText(site.communityName);
  const bell = page.getByTestId('alarm-bell-count');
  await onScreen(bell);
  await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', '1');
  await row.getByRole('button', { name: 'Acknowledge' }).tap();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('alarm-ack-form') });
  await onScreen(dialog.locator('.ant-modal-container'));
  await dialog.getByLabel('Note').fill('Guard checked the door; closed');
  const ok = dialog.getByRole('button', { name: 'OK' });
  await onScreen(ok, true);
  await ok.tap();
  await expect(page.getByText('Acknowledged 1 alarm(s)')).toBeVisible();
  await modalsClosed(page);
  await expect(row).toContainText('Guard checked the door; closed');
  await expect(bell.locator('.ant-badge-count')).toHaveCount(0);
  await noSidewaysScroll(page);
});

test('see who came in: the access log as cards, filtered by account', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const c = await seedCommunity(`Phone Log Court ${stamp}`);
  const { id: gate } = await control<{ id: number }>('/address', { communityId: c, address: `South Gate ${stamp}`, type: 0 });
  const manager = await seedAccount({ roleId: 4, name: 'Watcher', manages: [c] });
  const base = { communityId: c, addressId: gate, deviceName: 'SG-1' };
  await control('/accessEvent', {
    ...base,
    time: '2026-04-01T02:00:00Z',
    type: 1,
    account: `138${String(stamp).padStart(8, '0')}`,
    userName: 'Ann Lee',
    cardNum: '33334444',
    cardMode: 1,
  });
  await control('/accessEvent', { ...base, time: '2026-04-01T03:00:00Z', type: 13, result: 1, cardNum: '99990000', cardMode: 2 });
  await openSignedIn(page, manager.id, '/overview');
  await openFromMenu(page, 'Event log', 'Access event log');
  await expect(page.locator('.gh-phone-row')).toHaveCount(2);
  await searchFor(page, 'Account', `138${String(stamp).padStart(8, '0')}`);
  await expect(page.locator('.gh-phone-row')).toHaveCount(1);
  const row = card(page, 'Ann Lee');
  await expect(row).toContainText(`South Gate ${stamp}`);
  await expect(row).toContainText('2026/04/01 10:00:00');
  await onScreen(row);
  await noSidewaysScroll(page);
});

test('lockdown by tapping: the two steps fit the phone, the banner shows, the unit obeys, then it is lifted', async ({ page }) => {
  const site = await siteWithUnit('PLD');
  const unit = sim as SimulatedDevice;
  await openSignedIn(page, site.manager.id, '/access/gm');
  await page.getByTestId('emergency-open').tap();
  const form = page.locator('.ant-modal').filter({ has: page.getByTestId('emergency-form') });
  await onScreen(form.locator('.ant-modal-container'));
  await form.getByLabel('Community').tap();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: site.communityName }).tap();
  await form.getByLabel('Lockdown (staff only: administrators, property supervisors and staff)').check();
  await form.getByLabel('Reason').fill('Intruder reported at the car park');
  await onScreen(page.getByTestId('emergency-next'), true);
  await page.getByTestId('emergency-next').tap();
  await expect(page.getByTestId('emergency-confirm-text')).toContainText(`${site.communityName} (whole community)`);
  await onScreen(page.getByTestId('emergency-confirm'), true);
  await page.getByTestId('emergency-confirm').tap();
  await expect(page.getByText('Emergency mode set; sent to 1 door unit(s)')).toBeVisible();
  await modalsClosed(page);
  const banner = page.getByTestId('emergency-banner');
  await expect(banner).toContainText('Lockdown');
  await onScreen(banner);
  await expect.poll(() => unit.state.emergency.mode, { timeout: 30_000 }).toBe('lockdown');
  await noSidewaysScroll(page);
  await banner.getByRole('button', { name: 'Lift' }).tap();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).tap();
  await expect(page.getByText('Emergency mode lifted; sent to 1 door unit(s)')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => unit.state.emergency.mode, { timeout: 30_000 }).toBe('normal');
});
