import { expect, test } from '@playwright/test';
import { openSignedIn, seedAccount, seedCommunity } from '../support/fixtures.ts';

// The first page of a list is asked for as the app starts when it opens again at that list
// (packages/web/src/api/early.ts): one request a load, taken by the list, never a second one.
test('a list opened again asks for its first page once, as the app starts, and draws it', async ({ page }) => {
  const community = await seedCommunity('First Screen Court');
  const a = await seedAccount({ roleId: 4, name: 'Opener', manages: [community] });
  const asked: { url: string; at: number }[] = [];
  const chunks: { url: string; at: number }[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.includes('/api/card/getGateAccessesPage')) asked.push({ url, at: asked.length + chunks.length });
    if (url.includes('/assets/CardListPage-')) chunks.push({ url, at: asked.length + chunks.length });
  });
  await openSignedIn(page, a.id, '/access/gate');
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect(page.locator('.ant-empty')).toBeVisible();
  expect(asked).toHaveLength(1);
  asked.length = 0;
  chunks.length = 0;
  await page.reload();
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect(page.locator('.ant-empty')).toBeVisible();
  expect(asked).toHaveLength(1);
  expect(asked[0]?.url).toContain('ismjtk=1');
  // Sent by the entry, before the page's own code was asked for.
  expect(chunks).toHaveLength(1);
  expect(asked[0]?.at).toBeLessThan(chunks[0]?.at ?? -1);
  // Another list of the same frame asks for its own first page: nothing noted for it yet is sent early.
  asked.length = 0;
  await page.goto('/access/ladder');
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect.poll(() => asked.map((r) => new URL(r.url).searchParams.get('ismjtk'))).toEqual(['2']);
});
