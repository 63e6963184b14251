import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { control, modalsClosed, openSignedIn, rowAction, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';

test.describe.configure({ timeout: 180_000 });

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}/api`;

/** A call as the signed-in user: GET with a query, POST form-encoded; answers the envelope. */
async function api<T = unknown>(method: 'GET' | 'POST', path: string, token: string, input: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
  const res =
    method === 'GET'
      ? await fetch(`${base()}${path}?${params}`, { headers: { token } })
      : await fetch(`${base()}${path}`, { method, headers: { token, 'content-type': 'application/x-www-form-urlencoded' }, body: params });
  const env = (await res.json()) as { status: number; msgs: string[]; content: T };
  if (env.status !== 200) throw new Error(`${path}: ${env.status} ${env.msgs.join('; ')}`);
  return env.content;
}

const pick = async (page: Page, testId: string, option: string | RegExp) => {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};

/** Picks from a long (virtual) option list by typing into its search first. */
const pickTyped = async (page: Page, testId: string, text: string) => {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
};

async function pickDate(page: Page, testId: string, text: string) {
  const input = page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first();
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** A community with a household, a door unit with a device (serial, secret) and a door unit without one. */
async function seedSite(token: string, stamp: number) {
  const name = `Card Court ${stamp}`;
  const communityId = await seedCommunity(name);
  await control('/address', { communityId, address: `Block ${stamp} Room 101`, type: 1 });
  const serial = `CRD${stamp}`;
  await api('POST', '/pool/addPool', token, {
    name: 'Card gate',
    regNo: serial,
    isVilla: 0,
    cardSupported: 4,
    faceSupported: 0,
    qrcodeSupported: 0,
    pwdSupported: 0,
  });
  const unit = await api<{ addressid: number; serial: string; secret: string }>('POST', '/device/insertDevice', token, {
    addressName: `North gate ${stamp}`,
    regNo: serial,
    userPhone: '13912345678',
    communityID: communityId,
  });
  await control('/address', { communityId, address: `South gate ${stamp}`, type: 0, hardware: 4 });
  return { name, communityId, unit };
}

let sim: SimulatedDevice | undefined;
test.afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

test('a gate card is added with the form rules, downloaded to an online door unit, and edited and resent from the door-unit card list', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Card admin' });
  const token = await openSignedIn(page, admin.id, '/access/gate');
  const site = await seedSite(token, stamp);
  sim = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial: site.unit.serial, secret: site.unit.secret });
  const cardid = String(stamp).padStart(8, '0');
  const holder = uniquePhone();

  // 1. add: the card number rules, then a valid card
  await page.getByTestId('card-add').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('card-form') });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Please enter card number')).toBeVisible();
  await expect(dialog.getByText('Please select community')).toBeVisible();
  await page.getByTestId('card-cardid').fill('12345678901');
  await expect(dialog.getByText('card number cannot exceed 10 characters')).toBeVisible();
  await page.getByTestId('card-household').click();
  await expect(page.locator('.ant-message').getByText('Please select community')).toBeVisible();
  await page.getByTestId('card-cardid').fill(cardid);
  await pickTyped(page, 'card-community', site.name);
  await page.getByTestId('card-household').locator('input').fill(`Block ${stamp}`);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `Block ${stamp} Room 101` })
    .click();
  await page.getByTestId('card-account').fill('12345');
  await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
  await page.getByTestId('card-account').fill(holder);
  await dialog.getByRole('button', { name: 'OK' }).click();
  // Saved, the card goes on to its door units at once (the Details dialog); closed here, opened again from the row below.
  const offered = page.locator('.ant-modal').filter({ has: page.getByTestId('door-assign') });
  await expect(offered.getByTestId('door-just-added')).toContainText('Saved. Now choose the door units it opens');
  await expect(offered).toContainText(`${cardid} (${site.name}`);
  await offered.getByRole('button', { name: 'Cancel' }).click();
  await modalsClosed(page);
  const row = rowOf(page, cardid);
  await expect(row).toContainText(`Block ${stamp} Room 101`);
  await expect(row).toContainText('Access card');
  await expect(row).toContainText('Valid');

  // 2. download it to the online door unit
  await row.getByRole('button', { name: 'Details' }).click();
  const assign = page.getByTestId('door-assign');
  await page.getByTestId('door-add').click();
  await expect(assign.getByText('Door units must be selected')).toBeVisible();
  await pick(page, 'door-gates', `North gate ${stamp}`);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `South gate ${stamp}` })
    .click();
  await page.keyboard.press('Escape');
  await pickDate(page, 'door-validfrom', '2031/01/02 08:00:00');
  await pickDate(page, 'door-validto', '2031/01/01 08:00:00');
  await expect(assign.getByText('The effective time must be before the expiry time').first()).toBeVisible();
  await pickDate(page, 'door-validto', '2032/01/01 08:00:00');
  await page.getByTestId('door-add').click();
  const configured = page.getByTestId('door-configured').locator('tbody tr.ant-table-row');
  await expect(configured).toHaveCount(2);
  await page.getByTestId('door-delete-all').click();
  await page.locator('.ant-popconfirm').getByText('Delete all configurations of the current entrance card?').waitFor();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(configured).toHaveCount(0);
  await pick(page, 'door-gates', `North gate ${stamp}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('door-info').fill('Main entrance');
  await page.getByTestId('door-add').click();
  await expect(configured).toHaveCount(1);
  await expect(configured).toContainText(`North gate ${stamp}`);
  await expect(configured).toContainText('2031/01/02 08:00:00');
  await expect(configured).toContainText('Main entrance');
  await page.getByTestId('door-confirm').click();
  await expect(page.getByText('Download configuration success')).toBeVisible();
  await modalsClosed(page);
  await expect.poll(() => JSON.stringify([...(sim as SimulatedDevice).state.cards.values()]), { timeout: 60_000 }).toContain(cardid);

  // 3. the command succeeded
  await page.goto('/access/commands');
  const command = rowOf(page, `North gate ${stamp}`).filter({ hasText: 'Access card' }).first();
  await expect(async () => {
    await page.reload();
    await expect(command).toContainText('Success', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });

  // 4. the door-unit card list (here reached from the community's address list): edit the validity and note, then resend
  await page.goto(`/project/address/${site.communityId}/`);
  await (await rowAction(page, `address-actions-North gate ${stamp}`, 'Access cards')).click();
  await expect(page).toHaveURL(new RegExp(`/project/address/${site.communityId}/access/${site.unit.addressid}/$`));
  await expect(page.locator('.ant-breadcrumb')).toContainText(`North gate ${stamp}`);
  await expect(page.locator('.ant-breadcrumb')).toContainText('Address management');
  const entry = rowOf(page, cardid);
  await expect(entry).toContainText('Main entrance');
  await entry.getByRole('button', { name: 'Edit' }).click();
  const edit = page.locator('.ant-modal').filter({ has: page.getByTestId('card-entry-form') });
  await page.getByTestId('card-entry-info').fill('Night shift only');
  await edit.getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  await expect(entry).toContainText('Night shift only');
  await entry.getByRole('button', { name: 'Resend' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Resent', { exact: true })).toBeVisible();

  // 5. edit the card: number and community read-only, the status becomes invalid
  await page.goto('/access/gate');
  await rowOf(page, cardid).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('card-cardid')).toBeDisabled();
  await expect(page.getByTestId('card-community-readonly')).toHaveValue(site.name);
  await expect(page.getByTestId('card-account')).toHaveValue(holder);
  await pick(page, 'card-status', 'Invalid');
  await page
    .locator('.ant-modal')
    .filter({ has: page.getByTestId('card-form') })
    .getByRole('button', { name: 'OK' })
    .click();
  await modalsClosed(page);
  await expect(rowOf(page, cardid)).toContainText('Invalid');
});

test('the lift configuration dialog refuses a half-filled door unit by name and saves a complete one', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Lift admin' });
  const token = await openSignedIn(page, admin.id, '/access/ladder');
  const site = await seedSite(token, stamp);
  const residents = await api<{ intValue: number }[]>('GET', '/address/searchResidents', token, {
    communityID: site.communityId,
    address: `Block ${stamp}`,
  });
  const cardid = `L${stamp}`;
  await api('POST', '/card/createCard', token, {
    cardid,
    communityId: site.communityId,
    addressId: residents[0]?.intValue ?? 0,
    account: uniquePhone(),
    cardtype: 'laddercard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });
  await page.reload();
  await rowOf(page, cardid).getByRole('button', { name: 'Set' }).click();
  const gate = page.getByTestId('ladder-config').getByText(`South gate ${stamp}`);
  await gate.click();
  await pickTyped(page, 'ladder-resiLevel', 'Floor 05');
  await page.getByTestId('ladder-confirm').click();
  await expect(
    page.getByText(`South gate ${stamp}: resident floor, lift group, lift number and door type must be completely filled`),
  ).toBeVisible();
  await pick(page, 'ladder-bank', /^2$/);
  await pick(page, 'ladder-node', 'None');
  await pick(page, 'ladder-gateType', 'Front and back');
  await pickTyped(page, 'ladder-front', 'Floor 07');
  await page.keyboard.press('Escape');
  await page.getByTestId('ladder-confirm').click();
  await modalsClosed(page);

  const info = await api<{
    configured: { address: string; ResiLevel: string; bank: number; node: number; GateType: number; FrontUnlockLevelList: string[] }[];
  }>('GET', '/card/getLadderDownloadInfo', token, {
    id:
      (await api<{ rows: { id: number; cardid: string }[] }>('GET', '/card/getGateAccessesPage', token, { ismjtk: 2, cardid })).rows[0]
        ?.id ?? 0,
    source: 0,
  });
  expect(info.configured).toEqual([
    expect.objectContaining({
      address: `South gate ${stamp}`,
      ResiLevel: '05',
      bank: 2,
      node: 15,
      GateType: 2,
      FrontUnlockLevelList: ['07'],
    }),
  ]);
  await rowOf(page, cardid).getByRole('button', { name: 'Set' }).click();
  await page.getByTestId('ladder-config').getByText(`South gate ${stamp}`).click();
  await expect(page.getByTestId('ladder-resiLevel')).toContainText('Floor 05');
  await expect(page.getByTestId('ladder-gateType')).toContainText('Front and back');
});

test('an import with a bad row reports that row and imports nothing', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const admin = await seedAccount({ roleId: 1, name: 'Import admin' });
  const token = await openSignedIn(page, admin.id, '/access/gate');
  const site = await seedSite(token, stamp);
  await page.reload();

  await page.getByTestId('card-import').click();
  await expect(page.locator('.ant-message').getByText('Please select community')).toBeVisible();

  const template = await fetch(`${base()}/card/cardTemplate?_t=1`, { headers: { token } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await template.arrayBuffer());
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  ws.addRow([`I${stamp}`, `Block ${stamp} Room 101`, uniquePhone(), 'accesscard', 'ic', 'enable']);
  ws.addRow([`TOOLONG${stamp}`, `Block ${stamp} Room 101`, uniquePhone(), 'accesscard', 'ic', 'enable']);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await pickTyped(page, 'card-import-community', site.name);
  await page.getByTestId('card-import').click();
  const dialog = page.locator('.ant-modal');
  await expect(dialog).toContainText(`Import cards: ${site.name}`);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'cards.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await page.getByTestId('import-start').click();
  const rows = page.getByTestId('import-errors').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('3');
  await expect(rows.first()).toContainText('card number cannot exceed 10 characters');
  const list = await api<{ total: number }>('GET', '/card/getGateAccessesPage', token, { ismjtk: 1, cardid: `I${stamp}` });
  expect(list.total).toBe(0);
});
