import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { control, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

test('the import history lists, downloads and deletes messages of the communities in scope', async ({ page }) => {
  const mine = await seedCommunity('History Court');
  const other = await seedCommunity('Elsewhere Court');
  await control('/message', {
    communityId: mine,
    title: 'Residents April',
    content: 'import.done::{"count":12,"file":"april.xlsx"}',
    type: 0,
    fileName: 'april.xlsx',
    fileText: 'april rows',
  });
  await control('/message', { communityId: other, title: 'Not mine', type: 1 });
  const a = await seedAccount({ roleId: 4, manages: [mine] });
  await openSignedIn(page, a.id, '/message');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Residents April');
  await expect(rows.first()).toContainText('Imported 12 rows from april.xlsx');
  await expect(rows.first()).toContainText('Account import');
  await expect(rows.first()).toContainText('History Court');

  const [dl] = await Promise.all([page.waitForEvent('download'), rows.first().getByRole('button', { name: 'Download' }).click()]);
  expect(dl.suggestedFilename()).toBe('april.xlsx');
  expect(fs.readFileSync(await dl.path(), 'utf8')).toBe('april rows');

  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.locator('.ant-empty-description')).toHaveText('No data');
});
