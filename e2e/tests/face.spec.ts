import fs from 'node:fs';
import { ROUTES } from '@gatehouse/contracts';
import { chromium, expect, type Page, test } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { control, modalsClosed, openSignedIn, rowActionOf, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';
import { fakeCameraArgs, faceWebcamFile, samplePhotos } from '../support/webcam.ts';

// The fake webcam clip and the photos are made before any browser starts.
const webcam = await faceWebcamFile();
const photos = await samplePhotos();
/** The server's face check loads its model on first use: wait for its answer, however long a loaded machine takes. */
const CHECK_WAIT = 90_000;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A long walk through the face screens: on CI's loaded 2 cores it has taken over 3 minutes.
test.describe.configure({ timeout: 360_000 });

const apiUrl = () => `http://127.0.0.1:${process.env.E2E_PORT}/api`;

/** A call to the API as a signed-in user (setting up a door unit is the devices spec's subject). */
async function api<T>(token: string, path: string, body: Record<string, string | number>): Promise<T> {
  const res = await fetch(`${apiUrl()}${path}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
  });
  const env = (await res.json()) as { status: number; msgs: string[]; content: T };
  if (env.status !== 200) throw new Error(`${path}: ${env.status} ${env.msgs.join('; ')}`);
  return env.content;
}

/**
 * The server loads its face model on the first check; on a loaded machine that can
 * outlast the browser's 10 s request time-out, so the model is loaded before the
 * browser's first check (a warm server is what users meet).
 */
const warmFaceCheck = (token: string) =>
  api(token, ROUTES.face.checkFaceValid.path, { imgBase64: fs.readFileSync(photos.face).toString('base64'), source: 'upload' });

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

/** The open confirmation with this question (a closing one may still be fading out). */
const popconfirm = (page: Page, question: string) => page.locator('.ant-popconfirm:visible').filter({ hasText: question });

let sim: SimulatedDevice | undefined;
test.afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

// This file's browser has a camera: the fake one playing the clip.
test.use({ launchOptions: { executablePath, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(webcam)] } });

test('a face photographed with the webcam is saved, put on an online door unit, listed there and deleted after confirmation', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const serial = `FACE${stamp}`;
  const community = `Face Court ${stamp}`;
  const household = `Block ${stamp} Room 101`;
  const phone = uniquePhone();
  const communityId = await seedCommunity(community);
  const home = await control<{ id: number }>('/address', { communityId, address: household, type: 1 });
  // the household's own account: offered in the account field once the household is chosen
  await seedAccount({ roleId: 7, name: 'Mei Lin', communityId, addressId: home.id, regNo: phone });
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  await api(token, ROUTES.pool.addPool.path, { name: 'Face gate', regNo: serial, isVilla: 0, faceSupported: 1, cardSupported: 4 });
  const unit = await api<{ addressid: number; secret: string }>(token, ROUTES.device.insertDevice.path, {
    addressName: `Face gate ${stamp}`,
    regNo: serial,
    userPhone: '13912345678',
    communityID: communityId,
  });
  const device = await startSimulatedDevice({ url: process.env.E2E_MQTT_URL as string, serial, secret: unit.secret });
  sim = device;
  await warmFaceCheck(token);
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: phone });
  await test.step('the add dialog refuses a missing photo, a PNG and a photo without a face, then takes the webcam photo and saves', async () => {
    await openSignedIn(page, admin.id, '/access/faceid');
    await page.getByTestId('face-add').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('face-add-form') });

    // no photo yet: refused
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('The face photo is missing')).toBeVisible();

    // a PNG is refused in the browser; a photo without a face by the server
    const fileInput = dialog.getByTestId('face-camera').locator('input[type=file]');
    await fileInput.setInputFiles(photos.png);
    await expect(page.getByText('The image must be a JPEG')).toBeVisible();
    await fileInput.setInputFiles(photos.blank);
    await expect(page.getByText('No face found in the photo')).toBeVisible({ timeout: CHECK_WAIT });
    await expect(dialog.getByTestId('face-photo')).toHaveCount(0);

    // the webcam photo passes the server's check; the validated image is shown
    const shutter = dialog.getByTestId('face-take-photo');
    await expect(shutter).toBeEnabled();
    await shutter.click();
    await expect(page.getByText('Face accepted')).toBeVisible({ timeout: CHECK_WAIT });
    await expect(dialog.getByTestId('face-photo')).toBeVisible();
    await expect(dialog.getByText('The face photo is missing')).toHaveCount(0);

    await pickTyped(page, 'face-community', community);
    await page.getByTestId('face-household').locator('input').fill(`${stamp}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: household }).click();
    await page.getByTestId('face-account').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `${phone} (Mei Lin)` })
      .click();
    await expect(page.getByTestId('face-account')).toHaveValue(phone);
    await page.getByTestId('face-username').fill('Mei Lin');
    // consent: the community's purpose text is shown; without who and how the dialog refuses
    await expect(dialog.getByTestId('face-consent-purpose')).toContainText('only so that its door units can recognise you');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Consent must be recorded before a face is added: who gave it and how').first()).toBeVisible();
    await dialog.getByTestId('face-consent-giver').getByText('A guardian').click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText("Enter the guardian's name when a guardian gives consent")).toBeVisible();
    await dialog.getByTestId('face-consent-guardian').fill('Lin Da');
    await pick(page, 'face-consent-method', 'Signed form (scanned)');
    // a consent scan that is not an image or a PDF is refused in the browser
    await dialog.getByTestId('face-consent-form').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('The scanned consent form must be an image (JPEG, PNG) or a PDF')).toBeVisible();
    await dialog
      .getByTestId('face-consent-form')
      .setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% signed\n') });
    // the person holds no card: the server refuses a face as the only way in, then a card given here passes
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('A face may not be the only way in', { exact: false }).first()).toBeVisible();
    // The toast can show before OK leaves its spinner, and a click on a spinning OK is ignored (as a person's would be).
    await expect(dialog.getByRole('button', { name: 'OK' })).not.toHaveClass(/ant-btn-loading/);
    await dialog.getByTestId('face-consent-card').fill(`C${stamp}`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The save checks the photo for a face, seals it and the scan, and adds the card: slow on a loaded machine.
    await expect(page.getByText('Created', { exact: true })).toBeVisible({ timeout: 60_000 });
    // Saved, the face goes on to its door units at once (Set door units), as a card does; closed here, opened from the row below.
    const offered = page.locator('.ant-modal').filter({ has: page.getByTestId('door-assign') });
    await expect(offered.getByTestId('door-just-added')).toBeVisible();
    await expect(offered).toContainText('Set door units: Mei Lin');
    await offered.getByRole('button', { name: 'Cancel' }).click();
    await modalsClosed(page);
    await expect(row).toContainText('Mei Lin');
    await expect(row).toContainText(community);
    await expect(row).toContainText(household);
    await expect(row).toContainText('Valid');
  });
  await test.step('put on the door unit, which applies the command', async () => {
    // put it on the door unit; the unit (online) applies the command
    await (await rowActionOf(page, row, 'Set door units')).click();
    await expect(page.getByTestId('door-assign')).toBeVisible();
    await pick(page, 'door-gates', `Face gate ${stamp}`);
    await page.getByTestId('door-add').click();
    await expect(page.getByTestId('door-configured')).toContainText(`Face gate ${stamp}`);
    await page.getByTestId('door-confirm').click();
    await expect(page.getByText('Configuration successful').first()).toBeVisible();
    await modalsClosed(page);

    await page.goto('/access/commands');
    const command = page.locator('tbody tr.ant-table-row').filter({ hasText: phone }).filter({ hasText: 'Face' }).first();
    await expect(async () => {
      await page.reload();
      await expect(command).toContainText('Success', { timeout: 10_000 });
    }).toPass({ timeout: 90_000 });
    expect([...device.state.faces.values()].map((f) => f.account)).toContain(phone);
  });
  await test.step('lift control for the face', async () => {
    // lift control for the face (the card area's ladder calls with source 1)
    await page.goto('/access/faceid');
    await (await rowActionOf(page, row, 'Empower ladder control')).click();
    await page.getByTestId(`ladder-gate-${unit.addressid}`).click();
    await pickTyped(page, 'ladder-resiLevel', 'Floor 05');
    await pick(page, 'ladder-bank', /^2$/);
    await pick(page, 'ladder-node', 'None');
    await pick(page, 'ladder-gateType', 'Front and back');
    await page.getByTestId('ladder-confirm').click();
    await modalsClosed(page);
    await (await rowActionOf(page, row, 'Empower ladder control')).click();
    await page.getByTestId(`ladder-gate-${unit.addressid}`).click();
    await expect(page.getByTestId('ladder-resiLevel')).toContainText('Floor 05');
    await page.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();
    await modalsClosed(page);
  });
  await test.step("the door unit's face list: notes edited, resent, deleted after confirmation", async () => {
    // the door unit's face list shows it; its validity notes are edited, it is resent, deleting asks first
    await page.goto('/access/gm');
    await page.locator('tbody tr.ant-table-row').filter({ hasText: serial }).getByRole('button', { name: 'Faces' }).click();
    await expect(page).toHaveURL(new RegExp(`/gm/face/${unit.addressid}`));
    const entry = page.locator('tbody tr.ant-table-row').filter({ hasText: phone });
    await expect(entry).toContainText('Mei Lin');
    await expect(entry).toContainText('Valid');
    await entry.getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('face-entry-info').fill('Lobby only');
    await page.getByTestId('face-entry-save').click();
    await expect(page.getByText('Update completed').first()).toBeVisible();
    await modalsClosed(page);
    await expect(entry).toContainText('Lobby only');
    await page.goto(`/gm/Face/${unit.addressid}`); // the spec's other spelling of the route
    await expect(entry).toContainText('Lobby only');
    await entry.getByRole('button', { name: 'Resend' }).click();
    await expect(popconfirm(page, 'Resend to the door unit?')).toBeVisible();
    await popconfirm(page, 'Resend to the door unit?').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Resent', { exact: true })).toBeVisible();
    await entry.getByRole('button', { name: 'Delete' }).click();
    await expect(popconfirm(page, 'Delete this entry?')).toBeVisible();
    await popconfirm(page, 'Delete this entry?').getByRole('button', { name: 'Cancel' }).click();
    await expect(entry).toBeVisible();
    await entry.getByRole('button', { name: 'Delete' }).click();
    await popconfirm(page, 'Delete this entry?').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect.poll(() => [...device.state.faces.values()].map((f) => f.account), { timeout: 60_000 }).not.toContain(phone);
  });
  await test.step('edited with a new photo, then deleted from face management', async () => {
    // the face is edited (new photo, status invalid), then deleted from face management after confirmation
    await page.goto('/access/faceid');
    await (await rowActionOf(page, row, 'Edit')).click();
    const edit = page.locator('.ant-modal').filter({ has: page.getByTestId('face-edit-form') });
    await expect(edit.getByTestId('face-photo')).toBeVisible();
    await expect(edit.getByTestId('face-take-photo')).toBeEnabled();
    await edit.getByTestId('face-take-photo').click(); // recapture: saved with imgChg 1
    await expect(page.getByText('Face accepted').first()).toBeVisible({ timeout: CHECK_WAIT });
    await pick(page, 'face-status', 'Invalid');
    await page.getByTestId('face-edit-save').click();
    await expect(page.getByText('Update completed').first()).toBeVisible();
    await modalsClosed(page);
    await expect(row).toContainText('Invalid');
    await (await rowActionOf(page, row, 'Delete')).click();
    await popconfirm(page, 'Delete this entry?').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Deleted', { exact: true }).first()).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

/** A second browser without any camera (no fake device): the dialog must cope. */
test('without a camera the add dialog says so, disables the photo button and still takes an upload', async ({ baseURL }) => {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    const admin = await seedAccount({ roleId: 1, name: 'Admin' });
    await warmFaceCheck(await openSignedIn(page, admin.id, '/access/faceid'));
    await page.getByTestId('face-add').click();
    await expect(page.getByTestId('camera-unavailable')).toContainText('The camera is unavailable (not connected or not allowed)');
    await expect(page.getByText('The camera is unavailable', { exact: true })).toBeVisible();
    await expect(page.getByTestId('face-take-photo')).toBeDisabled();
    const fileInput = page.getByTestId('face-camera').locator('input[type=file]');
    await fileInput.setInputFiles(photos.large);
    await expect(page.getByText('The image cannot exceed 1MB')).toBeVisible();
    await fileInput.setInputFiles(photos.face);
    await expect(page.getByText('Face accepted')).toBeVisible({ timeout: CHECK_WAIT });
    await expect(page.getByTestId('face-photo')).toBeVisible();
  } finally {
    await browser.close();
  }
});
