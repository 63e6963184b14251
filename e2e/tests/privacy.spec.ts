import fs from 'node:fs';
import { ROUTES } from '@gatehouse/contracts';
import { expect, test } from '@playwright/test';
import { apiPost, control, modalsClosed, openSignedIn, rowActionOf, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';
import { samplePhotos } from '../support/webcam.ts';

const photos = await samplePhotos();
test.describe.configure({ timeout: 120_000 });

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
