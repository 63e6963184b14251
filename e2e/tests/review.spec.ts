import fs from 'node:fs';
import { ROUTES } from '@gatehouse/contracts';
import { expect, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { apiPost, control, modalsClosed, openSignedIn, rowAction, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';
import { samplePhotos } from '../support/webcam.ts';

const photos = await samplePhotos();

// The server's face check loads its model on first use (slow on a loaded machine).
test.describe.configure({ timeout: 240_000 });

const sims: SimulatedDevice[] = [];
test.afterEach(async () => {
  for (const s of sims.splice(0)) await s.stop();
});

/** Whether every command of a door unit is done (acknowledged or superseded). */
async function settled(token: string, gateId: number): Promise<boolean> {
  const url = `http://127.0.0.1:${process.env.E2E_PORT}/api${ROUTES.command.getCommandsPage.path}?gateId=${gateId}&rows=200`;
  const env = (await (await fetch(url, { headers: { token } })).json()) as { content: { total: number; rows: { status: number }[] } };
  return env.content.total > 0 && env.content.rows.every((r) => r.status === 2 || r.status === 4);
}

const validity = (gates: number[]) =>
  JSON.stringify(gates.map((gateID) => ({ gateID, validfrom: '2026/01/01 00:00:00', validto: '2036/01/01 00:00:00', info: '' })));

test('the review shows a household card and face on two units; the move-out withdraws both until every unit acknowledged', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const communityId = await seedCommunity(`Review Court ${stamp}`);
  const household = `Block ${stamp} Room 808`;
  const home = await control<{ id: number }>('/address', { communityId, address: household, type: 1 });
  const phone = uniquePhone();
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  const gates: number[] = [];
  for (const n of [1, 2]) {
    const serial = `REV${stamp}${n}`;
    await apiPost(token, ROUTES.pool.addPool.path, { name: `Gate ${n}`, regNo: serial, isVilla: 0, faceSupported: 1, cardSupported: 4 });
    const unit = await apiPost<{ addressid: number; secret: string }>(token, ROUTES.device.insertDevice.path, {
      addressName: `Review gate ${stamp}-${n}`,
      regNo: serial,
      userPhone: '13912345678',
      communityID: communityId,
    });
    gates.push(unit.addressid);
    sims.push(await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial, secret: unit.secret }));
  }
  // The units' first configuration is acknowledged before the household's credentials are put on them.
  for (const g of gates) await expect.poll(() => settled(token, g), { timeout: 60_000 }).toBe(true);
  const cardNo = `RC${stamp}`;
  const card = await apiPost<{ id: number }>(token, ROUTES.card.createCard.path, {
    cardid: cardNo,
    communityId,
    addressId: home.id,
    account: phone,
    cardtype: 'accesscard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });
  await apiPost(token, ROUTES.card.updateCardAddressInfo.path, { id: card.id, agas: validity(gates) });
  const face = await apiPost<{ id: number }>(token, ROUTES.face.createFace.path, {
    communityId,
    addressId: home.id,
    account: phone,
    username: 'Zhao Lei',
    imgBase64: fs.readFileSync(photos.face).toString('base64'),
    consentGiver: 'person',
    consentMethod: 'in_person',
  });
  await apiPost(token, ROUTES.face.updateFaceAddressInfo.path, { id: face.id, fas: validity(gates) });
  await expect
    .poll(() => sims.every((s) => s.state.cards.has(cardNo) && s.state.faces.has(String(face.id))), { timeout: 60_000 })
    .toBe(true);

  // The review, reached from the address list's row action.
  await openSignedIn(page, admin.id, `/project/address/${communityId}`);
  await (await rowAction(page, `address-actions-${household}`, 'Access review')).click();
  await expect(page.getByTestId('review-subject')).toContainText(household);
  const table = page.getByTestId('review-table');
  await expect(table.getByRole('row').filter({ hasText: cardNo })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Zhao Lei' })).toBeVisible();
  // each credential on both units, acknowledged there
  await expect(table.getByTestId('sync').filter({ hasText: 'Success' })).toHaveCount(4, { timeout: 30_000 });

  // Move-out: preview, second confirmation with a reason, then the progress.
  await page.getByTestId('move-out').click();
  const preview = page.getByTestId('moveout-preview');
  await expect(preview.getByTestId('moveout-item-card')).toContainText(cardNo);
  await expect(preview.getByTestId('moveout-item-face')).toContainText('Zhao Lei');
  await expect(preview).toContainText('4 commands will be queued');
  await page.getByTestId('moveout-next').click();
  await expect(page.getByText('Confirm the move-out?')).toBeVisible();
  await page.getByTestId('moveout-reason').fill('Lease ended');
  await page.getByTestId('moveout-confirm').click();
  await expect(page.getByTestId('moveout-progress')).toBeVisible();
  await expect(page.getByTestId('moveout-done')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('moveout-acked')).toHaveText('4 of 4 acknowledged');
  for (const s of sims) {
    expect(s.state.cards.has(cardNo)).toBe(false);
    expect(s.state.faces.has(String(face.id))).toBe(false);
  }
  await page.getByTestId('moveout-close').click();
  await modalsClosed(page);
  await expect(page.getByText('No credentials')).toBeVisible();
  await expect(page.getByTestId('move-out')).toBeDisabled();
});

test('the account list opens the review of an account, listing its card', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const communityId = await seedCommunity(`Review Account ${stamp}`);
  const home = await control<{ id: number }>('/address', { communityId, address: `Block ${stamp} Room 909`, type: 1 });
  const phone = uniquePhone();
  await seedAccount({ roleId: 7, name: 'Qian Yu', communityId, addressId: home.id, regNo: phone });
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  const cardNo = `RA${stamp}`;
  await apiPost(token, ROUTES.card.createCard.path, {
    cardid: cardNo,
    communityId,
    addressId: home.id,
    account: phone,
    cardtype: 'accesscard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });
  await openSignedIn(page, admin.id, '/account');
  await page.locator('.gh-filter-bar input#regNo').fill(phone);
  await page.locator('.gh-filter-bar input#regNo').press('Enter');
  await page.getByTestId(`review-${phone}`).click();
  await expect(page.getByTestId('review-subject')).toContainText(phone);
  const row = page.getByTestId('review-table').getByRole('row').filter({ hasText: cardNo });
  await expect(row).toContainText('Not on any door unit');
  await expect(row).toContainText('Never used');
});

test('a card given an access group of two units: the review shows the group and its units; the move-out withdraws it from both', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const communityId = await seedCommunity(`Group Review ${stamp}`);
  const home = await control<{ id: number }>('/address', { communityId, address: `Block ${stamp} Room 505`, type: 1 });
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  const gates: number[] = [];
  for (const n of [1, 2]) {
    const serial = `RGR${stamp}${n}`;
    await apiPost(token, ROUTES.pool.addPool.path, { name: `Gate ${n}`, regNo: serial, isVilla: 0, cardSupported: 4 });
    const unit = await apiPost<{ addressid: number; secret: string }>(token, ROUTES.device.insertDevice.path, {
      addressName: `Group gate ${stamp}-${n}`,
      regNo: serial,
      userPhone: '13912345678',
      communityID: communityId,
    });
    gates.push(unit.addressid);
    sims.push(await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial, secret: unit.secret }));
  }
  for (const g of gates) await expect.poll(() => settled(token, g), { timeout: 60_000 }).toBe(true);
  const group = await apiPost<{ id: number }>(token, ROUTES.rules.saveGroup.path, {
    communityId,
    name: `Residents ${stamp}`,
    scheduleId: 0,
    units: gates.join(','),
  });
  const cardNo = `RG${stamp}`;
  const card = await apiPost<{ id: number }>(token, ROUTES.card.createCard.path, {
    cardid: cardNo,
    communityId,
    addressId: home.id,
    account: uniquePhone(),
    cardtype: 'accesscard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });
  await apiPost(token, ROUTES.rules.setCardGroups.path, { cardRowId: card.id, groupIds: String(group.id) });
  await expect.poll(() => sims.every((s) => s.state.cards.has(cardNo)), { timeout: 60_000 }).toBe(true);

  await openSignedIn(page, admin.id, `/access/review?addressId=${home.id}`);
  const row = page.getByTestId('review-table').getByRole('row').filter({ hasText: cardNo });
  await expect(row.getByTestId(`group-Residents ${stamp}`)).toContainText('Always');
  await expect(row.getByTestId('place-group')).toHaveCount(2);
  await expect(row.getByTestId('sync').filter({ hasText: 'Success' })).toHaveCount(2, { timeout: 30_000 });

  await page.getByTestId('move-out').click();
  await expect(page.getByTestId('moveout-preview')).toContainText('2 commands will be queued');
  await page.getByTestId('moveout-next').click();
  await page.getByTestId('moveout-confirm').click();
  await expect(page.getByTestId('moveout-done')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('moveout-acked')).toHaveText('2 of 2 acknowledged');
  for (const s of sims) expect(s.state.cards.has(cardNo)).toBe(false);
});
