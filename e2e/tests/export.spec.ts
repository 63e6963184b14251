import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { control, openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

test('an export shows its rows and the bytes received while it comes, and the file holds every row', async ({ page }) => {
  const c = await seedCommunity(`Export Court ${Date.now()}`);
  const { id: gate } = await control<{ id: number }>('/address', { communityId: c, address: 'East Gate', type: 0 });
  const manager = await seedAccount({ roleId: 4, name: 'Lister', manages: [c] });
  const N = 150;
  for (let i = 0; i < N; i += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, N - i) }, (_, k) =>
        control('/accessEvent', {
          communityId: c,
          addressId: gate,
          deviceName: 'EG-1',
          time: new Date(Date.UTC(2026, 4, 1, 0, 0, i + k)).toISOString(),
          type: 1,
          account: `1383333${String(i + k).padStart(4, '0')}`,
          cardNum: `C${i + k}-${'x'.repeat(12)}`,
        }),
      ),
    );

  await openSignedIn(page, manager.id, '/eventlog/accesslog');
  await expect(page.getByText(`${N} in total`)).toBeVisible();
  // A slow line (1 kB/s): the file takes several seconds, long enough to watch its progress on a busy machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 1024, uploadThroughput: -1 });

  const downloaded = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Export' }).click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toContainText(`Exporting ${N} rows…`);
  await expect(progress).toContainText(/\d+ kB received/);
  const dl = await downloaded;
  await expect(progress).toBeHidden();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await dl.path());
  const sheet = wb.worksheets[0];
  expect(sheet?.rowCount).toBe(N + 1);
  expect(sheet?.getRow(N + 1).getCell(7).value).toBe('13833330000');
});
