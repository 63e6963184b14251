import { expect, type Page, test } from '@playwright/test';
import { makeJpeg, makePng } from '../../packages/server/src/test/images.ts';
import { workbookBuffer } from '../../packages/server/src/xlsx/write.ts';
import { modalsClosed, openSignedIn, rowAction, seedAccount } from '../support/fixtures.ts';

test.describe.configure({ timeout: 150_000 });

const pick = async (page: Page, testId: string, option: string | RegExp) => {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};

const ADDRESS_HEAD = [
  'Address',
  'Short name',
  'Type (Door unit/Householder/Management centre)',
  'Single-family (Yes/No)',
  'Face (Yes/No)',
  'QR code (Yes/No)',
  'Card (Yes/No)',
  'Password (Yes/No)',
];

test('a project from region to call codes: covers, addresses, device activation, call codes and an address import', async ({ page }) => {
  const stamp = Date.now() % 100000;
  const project = `Lotus Garden ${stamp}`;
  await seedAccount({ roleId: 3, name: `Eng${stamp}` });
  const supervisor = await seedAccount({ roleId: 2, name: 'Supervisor' });
  await openSignedIn(page, supervisor.id, '/project/project');
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // Add the project: region from the cascader, one engineer. OK with broken rules shows them, quietly (no uncaught rejection).
  await page.getByTestId('project-add').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Please enter name')).toBeVisible();
  await expect(dialog.getByText('Please choose engineer')).toBeVisible();
  expect(pageErrors).toEqual([]);
  await page.getByTestId('project-name').fill(project);
  await page.getByTestId('project-region').click();
  for (const level of ['广东省', '深圳市', '南山区']) {
    await page
      .locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item')
      .filter({ hasText: new RegExp(`^${level}$`) })
      .click();
  }
  await page.getByTestId('project-address').fill('Keyuan Road 88');
  await pick(page, 'project-engineers', `Eng${stamp}`);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  const row = page.locator('tr.ant-table-row').filter({ hasText: project });
  await expect(row).toContainText('广东省/深圳市/南山区');
  await expect(row).toContainText(`Eng${stamp}`);

  // Covers: a PNG named .jpg is refused in the browser; two JPEGs kept, one deleted.
  await (await rowAction(page, `project-actions-${project}`, 'Enclosure')).click();
  const input = page.locator('[data-testid=cover-list] input[type=file]');
  await input.setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: makePng() });
  await expect(page.getByText('Only JPG format allowed')).toBeVisible();
  await input.setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: makeJpeg({ shade: 60, width: 64, height: 48 }) });
  await expect(page.locator('.ant-upload-list-item')).toHaveCount(1);
  await input.setInputFiles({ name: 'garden.jpg', mimeType: 'image/jpeg', buffer: makeJpeg({ shade: 190, width: 64, height: 48 }) });
  await expect(page.locator('.ant-upload-list-item')).toHaveCount(2);
  await expect(page.locator('.ant-upload-list-item img').first()).toHaveAttribute('src', /^blob:/);
  await page.locator('.ant-upload-list-item').first().hover();
  await page.locator('.ant-upload-list-item').first().locator('.anticon-delete').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-upload-list-item')).toHaveCount(1);
  await expect(page.locator('.ant-upload-list-item').getByRole('img', { name: 'garden.jpg' })).toBeVisible();
  await page.locator('.ant-modal:visible .ant-modal-close').click();
  await modalsClosed(page);

  // Set: the address page of the project.
  await (await rowAction(page, `project-actions-${project}`, 'Set')).click();
  await expect(page).toHaveURL(/\/project\/address\/\d+\/$/);
  await expect(page.locator('.ant-breadcrumb')).toContainText(project);
  const addAddress = async (type: string, address: string, name: string) => {
    await page.getByTestId('address-add').click();
    await pick(page, 'address-type', type);
    await page.getByTestId('address-address').fill(address);
    await page.getByTestId('address-name').fill(name);
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
    await modalsClosed(page);
    await expect(page.locator('tr.ant-table-row').filter({ hasText: address })).toBeVisible();
  };
  await addAddress('Door unit', 'Gate 1', 'G1');
  await addAddress('Householder', 'Room 101', 'R101');

  // Activate the door unit's device.
  await (await rowAction(page, 'address-actions-Gate 1', 'Activate device')).click();
  await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Please enter device serial number')).toBeVisible();
  await page.getByTestId('activate-serial').fill(`GH-E2E-${stamp}`);
  await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
  // the device secret is shown once
  await expect(page.getByTestId('device-secret')).toHaveText(/^[A-Za-z0-9_-]{24}$/);
  await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: 'Gate 1' })).toContainText(`GH-E2E-${stamp}`);
  await expect(await rowAction(page, 'address-actions-Gate 1', 'Replace device')).toBeVisible();

  // A call code: "00" is refused, 101 is kept.
  await (await rowAction(page, 'address-actions-Gate 1', 'Call codes')).click();
  await expect(page).toHaveURL(/\/amt\/\d+\/isvilla\/0\/$/);
  await page.getByTestId('amt-add').click();
  await page.getByTestId('amt-code').fill('00');
  await page.getByTestId('amt-called').click();
  await page.keyboard.type('Room');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Room 101' }).click();
  await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-modal:visible').getByText('The call code may not be 00')).toBeVisible();
  await page.getByTestId('amt-code').fill('101');
  await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: 'Room 101' })).toContainText('101');

  // Back to the addresses; an import with two bad rows reports exactly those.
  await page.locator('.ant-breadcrumb a').filter({ hasText: project }).click();
  await page.getByTestId('address-import').click();
  const file = await workbookBuffer('addresses', ADDRESS_HEAD, [
    ['Gate 2', 'G2', 'Door unit', 'No', 'Yes', 'No', 'Yes', 'No'],
    ['Room 102', 'R102', 'Rocket', 'No'],
    ['Room 103', 'R103', 'Householder', 'No'],
    ['Room 101', 'R101 again', 'Householder', 'No'],
  ]);
  await page
    .locator('.ant-modal:visible input[type=file]')
    .setInputFiles({ name: 'addresses.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toContainText('2 rows are wrong; nothing was imported');
  const errors = page.locator('[data-testid=import-errors] tbody tr.ant-table-row');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toContainText('3');
  await expect(errors.nth(0)).toContainText('The type must be door unit, householder or management centre');
  await expect(errors.nth(1)).toContainText('5');
  await expect(errors.nth(1)).toContainText('The community already has the address "Room 101"');
  await page.locator('.ant-modal:visible .ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await modalsClosed(page);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: 'Room 103' })).toHaveCount(0);
});
