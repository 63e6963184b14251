import fs from 'node:fs';
import { ROUTES } from '@gatehouse/contracts';
import { expect, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { apiPost, control, modalsClosed, openSignedIn, rowActionOf, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';
import { samplePhotos } from '../support/webcam.ts';

const photos = await samplePhotos();
test.describe.configure({ timeout: 240_000 });

const sims: SimulatedDevice[] = [];
test.afterEach(async () => {
  for (const s of sims.splice(0)) await s.stop();
});

/**
 * Privacy (issue 35): a face with consent and a card is withdrawn from its row; the privacy page
 * lists the erasure with its receipts (empty state for an unknown account), and the community's
 * purpose text is edited in three languages.
 */
test('withdrawing consent erases the face, the privacy page shows the receipt, and the purpose text is edited', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const community = `Privacy Court ${stamp}`;
  const phone = uniquePhone();
  const communityId = await seedCommunity(community);
  const home = await control<{ id: number }>('/address', { communityId, address: `P ${stamp}`, type: 1 });
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  await apiPost(token, ROUTES.face.createFace.path, {
    communityId,
    addressId: home.id,
    account: phone,
    username: 'Su Yan',
    imgBase64: fs.readFileSync(photos.face).toString('base64'),
    consentGiver: 'person',
    consentMethod: 'in_person',
    cardid: `PV${stamp}`,
  });

  await test.step('the privacy page has an empty state for an account with no erasure', async () => {
    await openSignedIn(page, admin.id, '/access/privacy');
    await page.getByLabel('Account').fill(phone);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.ant-empty')).toBeVisible();
  });

  await test.step('withdraw consent on the face row', async () => {
    await page.goto('/access/faceid');
    await page.getByRole('textbox', { name: 'Phone / account:' }).fill(phone);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: phone });
    await expect(row).toContainText('Su Yan');
    await (await rowActionOf(page, row, 'Withdraw consent')).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  await test.step('the erasure is listed with its reason and receipts', async () => {
    await page.goto('/access/privacy');
    await page.getByLabel('Account').fill(phone);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: phone });
    await expect(row).toContainText('Consent withdrawn');
    await expect(row).toContainText('Su Yan');
    await expect(row).toContainText('No door unit held it');
  });

  await test.step('the purpose text of the community is edited in three languages', async () => {
    await page.getByTestId('privacy-template').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('privacy-template-form') });
    await page.getByTestId('privacy-template-community').click();
    await page.keyboard.type(community);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: community }).first().click();
    await expect(dialog.getByTestId('privacy-template-en')).toHaveValue(/only so that its door units can recognise you/);
    await dialog.getByTestId('privacy-template-en').fill('');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Enter the purpose text in all three languages')).toBeVisible();
    await dialog.getByTestId('privacy-template-en').fill(`Doors of ${community} only`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await modalsClosed(page);
    // saved: the dialog opens again with the community's own text
    await page.getByTestId('privacy-template').click();
    await page.getByTestId('privacy-template-community').click();
    await page.keyboard.type(community);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: community }).first().click();
    await expect(page.getByTestId('privacy-template-en')).toHaveValue(`Doors of ${community} only`);
  });
});

/**
 * A move-out erases the household's face too: the privacy page lists it as "Moved out" with a
 * receipt per door unit, acknowledged by the online unit and waiting for the offline one until it
 * comes back.
 */
test("the privacy page shows the erasure of a move-out with each unit's receipt, completed when the offline unit returns", async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const communityId = await seedCommunity(`Moveout Court ${stamp}`);
  const home = await control<{ id: number }>('/address', { communityId, address: `M ${stamp}`, type: 1 });
  const phone = uniquePhone();
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  const units: { addressid: number; serial: string; secret: string; name: string }[] = [];
  for (const n of ['On', 'Off']) {
    const serial = `PRV${stamp}${n}`;
    const name = `Privacy gate ${n} ${stamp}`;
    await apiPost(token, ROUTES.pool.addPool.path, { name, regNo: serial, isVilla: 0, faceSupported: 1, cardSupported: 4 });
    const unit = await apiPost<{ addressid: number; secret: string }>(token, ROUTES.device.insertDevice.path, {
      addressName: name,
      regNo: serial,
      userPhone: '13912345678',
      communityID: communityId,
    });
    units.push({ ...unit, serial, name });
  }
  const [on, off] = units as [(typeof units)[0], (typeof units)[0]];
  const simOf = async (u: typeof on) => {
    const s = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial: u.serial, secret: u.secret });
    sims.push(s);
    return s;
  };
  const online = await simOf(on);
  const face = await apiPost<{ id: number }>(token, ROUTES.face.createFace.path, {
    communityId,
    addressId: home.id,
    account: phone,
    username: 'He Ping',
    imgBase64: fs.readFileSync(photos.face).toString('base64'),
    consentGiver: 'person',
    consentMethod: 'in_person',
    cardid: `PM${stamp}`,
  });
  const fas = JSON.stringify(
    [on.addressid, off.addressid].map((gateID) => ({ gateID, validfrom: '2026/01/01 00:00:00', validto: '2036/01/01 00:00:00', info: '' })),
  );
  await apiPost(token, ROUTES.face.updateFaceAddressInfo.path, { id: face.id, fas });
  await expect.poll(() => online.state.faces.has(String(face.id)), { timeout: 60_000 }).toBe(true);
  await apiPost(token, ROUTES.review.moveOut.path, { account: phone, reason: 'Lease ended' });

  await openSignedIn(page, admin.id, '/access/privacy');
  const search = async () => {
    await page.getByLabel('Account').fill(phone);
    await page.getByRole('button', { name: 'Search' }).click();
  };
  await search();
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: phone });
  await expect(row).toContainText('Moved out');
  await expect(row).toContainText('He Ping');
  await expect(row.getByText(`${on.name}: acknowledged`)).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(`${off.name}: waiting`)).toBeVisible();

  // The offline unit comes back: its pending face.delete goes out, the receipt completes.
  await simOf(off);
  await expect(async () => {
    await page.reload();
    await search();
    await expect(row.getByText(`${off.name}: acknowledged`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row.getByText(`${on.name}: acknowledged`)).toBeVisible();
});

/** Deleting a person's account keeps their access events in the log, named by a pseudonym only. */
test("deleting a person's account pseudonymises their access events: the log shows them as Pseudonymised", async ({ page }) => {
  const c = await seedCommunity(`Erased Court ${Date.now()}`);
  const { id: gate } = await control<{ id: number }>('/address', { communityId: c, address: 'East Gate', type: 0 });
  const manager = await seedAccount({ roleId: 4, name: 'Keeper', manages: [c] });
  const phone = uniquePhone();
  const person = await seedAccount({ roleId: 7, regNo: phone, name: 'Gu Ming', communityId: c });
  const base = { communityId: c, addressId: gate, deviceName: 'EG-1', result: 1 };
  for (const time of ['2026-04-01T02:00:00Z', '2026-04-02T02:00:00Z'])
    await control('/accessEvent', { ...base, time, account: phone, userName: 'Gu Ming', cardNum: '55556666', cardMode: 1 });
  await control('/accessEvent', { ...base, time: '2026-04-03T02:00:00Z', account: '13822220009', userName: 'Ann Lee' });
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  await apiPost(token, ROUTES.account.batchDel.path, { ids: String(person.id) });

  await openSignedIn(page, manager.id, '/eventlog/accesslog');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  const erased = rows.filter({ has: page.getByTestId('pseudonymised') });
  await expect(erased).toHaveCount(2);
  for (const r of await erased.all()) {
    await expect(r).toContainText('Pseudonymised');
    await expect(r).toContainText(/anon-[0-9a-f]{10}/);
    await expect(r).not.toContainText('Gu Ming');
    await expect(r).not.toContainText('55556666');
  }
  await expect(rows.filter({ hasText: 'Ann Lee' })).toHaveCount(1);
  await expect(page.locator('tbody')).not.toContainText(phone);
});
