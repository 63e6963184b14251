import { expect, type Page, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { control, modalsClosed, openSignedIn, seedAccount, seedCommunity, seedDoorUnit, uniquePhone } from '../support/fixtures.ts';

test.describe.configure({ timeout: 240_000 });

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}/api`;

/** A call as the signed-in user (seeding only): POST form-encoded; answers the content. */
async function api<T = unknown>(path: string, token: string, input: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    body: params,
  });
  const env = (await res.json()) as { status: number; msgs: string[]; content: T };
  if (env.status !== 200) throw new Error(`${path}: ${env.status} ${env.msgs.join('; ')}`);
  return env.content;
}

const pick = async (page: Page, testId: string, option: string | RegExp, search = false) => {
  await page.getByTestId(testId).click();
  // A long list (every community of the shared e2e database) renders only what is in view: search first.
  if (search && typeof option === 'string') await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};
const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** 2026-11-23 is a Monday: 08:30 and 11:00 in Shanghai (UTC+8). */
const MON_0830 = new Date('2026-11-23T00:30:00Z');
const MON_1100 = new Date('2026-11-23T03:00:00Z');

const sims: SimulatedDevice[] = [];
test.afterEach(async () => {
  for (const s of sims.splice(0)) await s.stop();
});

test('a schedule made on the week grid, a group of two door units, a card given the group: the unit refuses it outside the schedule and the access log says why', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Rules admin' });
  const token = await openSignedIn(page, admin.id, '/access/rules');
  const community = `Rule Court ${stamp}`;
  const communityId = await seedCommunity(community);
  const home = (await control<{ id: number }>('/address', { communityId, address: `Block ${stamp} Room 101`, type: 1 })).id;
  const north = await seedDoorUnit(token, communityId, `North gate ${stamp}`, `RN${stamp}`);
  const south = await seedDoorUnit(token, communityId, `South gate ${stamp}`, `RS${stamp}`);
  const url = process.env.E2E_MQTT_URL as string;
  const simN = await startSimulatedDevice({ url, serial: north.serial, secret: north.secret });
  sims.push(simN);
  const simS = await startSimulatedDevice({ url, serial: south.serial, secret: south.secret });
  sims.push(simS);
  const cardid = `R${String(stamp).padStart(7, '0')}`;
  await api('/card/createCard', token, {
    cardid,
    communityId,
    addressId: home,
    account: uniquePhone(),
    cardtype: 'accesscard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });

  // 1. the rules page: a community first, then the week grid
  await page.reload();
  await expect(page.getByText('Choose a community first').first()).toBeVisible();
  await pick(page, 'rules-community', community, true);
  await expect(page.getByTestId('rules-timezone')).toContainText('Asia/Shanghai');
  // A new time zone is asked for first, naming what it affects; cancelled, nothing changes.
  await pick(page, 'rules-timezone', 'Europe/Berlin', true);
  const ask = page.locator('.ant-modal-confirm');
  await expect(ask).toContainText('Change the time zone from Asia/Shanghai to Europe/Berlin?');
  await expect(ask).toContainText(/sent again to the community's \d+ door unit/);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await modalsClosed(page);
  await expect(page.getByTestId('rules-timezone')).toContainText('Asia/Shanghai');
  await expect(rowOf(page, 'Always')).toContainText('Built-in');
  await page.getByTestId('schedule-add').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('schedule-form') });
  await page.getByTestId('week-1-add').click();
  await page.getByTestId('week-1-1-start').fill('09:00');
  await page.getByTestId('week-1-1-end').fill('06:00');
  await page.getByTestId('schedule-ok').click();
  await expect(dialog.getByText('Please enter schedule name')).toBeVisible();
  await expect(dialog.getByText('Monday: the start must be before the end')).toBeVisible();
  await page.getByTestId('schedule-name').fill('Cleaners');
  await page.getByTestId('week-1-1-start').fill('06:00');
  await page.getByTestId('week-1-1-end').fill('09:00');
  await page.getByTestId('week-1-add').click();
  await page.getByTestId('week-1-2-start').fill('08:00');
  await page.getByTestId('week-1-2-end').fill('10:00');
  await page.getByTestId('schedule-ok').click();
  await expect(dialog.getByText('Monday: intervals must not overlap')).toBeVisible();
  await page.getByTestId('week-1-2-remove').click();
  await page.getByTestId('week-6-add').click();
  await page.getByTestId('week-6-1-start').fill('08:00');
  await page.getByTestId('week-6-1-end').fill('12:00');
  await page.getByTestId('schedule-ok').click();
  await modalsClosed(page);
  await expect(rowOf(page, 'Cleaners')).toContainText('Monday: 06:00-09:00');
  await expect(rowOf(page, 'Cleaners')).toContainText('Saturday: 08:00-12:00');
  await expect(rowOf(page, 'Cleaners')).toContainText('Closed');

  // 2. a group of both door units with that schedule
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(page.getByText('No groups yet')).toBeVisible();
  await page.getByTestId('group-add').click();
  await page.getByTestId('group-name').fill('Cleaning crew');
  await pick(page, 'group-schedule', 'Cleaners');
  await pick(page, 'group-units', `North gate ${stamp}`);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `South gate ${stamp}` })
    .click();
  await page.keyboard.press('Escape');
  await page.getByTestId('group-ok').click();
  await modalsClosed(page);
  const group = rowOf(page, 'Cleaning crew');
  await expect(group).toContainText(`North gate ${stamp}`);
  await expect(group).toContainText(`South gate ${stamp}`);
  await expect(group).toContainText('Cleaners');

  // 3. the card's door-unit dialog offers the group
  await page.goto('/access/gate');
  await rowOf(page, cardid).getByRole('button', { name: 'Details' }).click();
  await pick(page, 'card-groups-select', 'Cleaning crew');
  await page.keyboard.press('Escape');
  await page.getByTestId('card-groups-save').click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  for (const sim of [simN, simS])
    await expect.poll(() => JSON.stringify(sim.state.cards.get(cardid)?.schedules ?? null), { timeout: 60_000 }).toMatch(/^\[\d+\]$/);
  await expect.poll(() => simN.state.schedules?.schedules.map((s) => s.name).join() ?? '', { timeout: 60_000 }).toBe('Cleaners');

  // 4. the units decide with their own clocks: open inside the schedule, refused outside
  simS.setClock(MON_0830);
  expect((await simS.presentCard(cardid)).result).toBe(0);
  simN.setClock(MON_1100);
  const refused = await simN.presentCard(cardid);
  expect(refused).toMatchObject({ result: 9, reason: 'schedule' });

  // 5. the refusal in the access log, with its reason
  await page.goto('/eventlog/accesslog');
  await expect(async () => {
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rowOf(page, `North gate ${stamp}`).filter({ hasText: cardid })).toContainText('Outside schedule', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(rowOf(page, `South gate ${stamp}`).filter({ hasText: cardid })).toContainText('Success');
});
