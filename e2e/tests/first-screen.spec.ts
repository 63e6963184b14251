import { expect, type Page, test } from '@playwright/test';
import { apiPost, control, openSignedIn, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';

// A list's first page is asked for as the app starts (packages/web/src/api/early.ts): the request its
// page declares (api/firstRequests.ts) on a first visit, the one its list noted when it opens again.
// One request a load, taken by the list, never a second one; never taken for another session.

const LIST = '/api/card/getGateAccessesPage';
const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** A supervisor of a new community holding one access card: answers the account and the card's number. */
async function supervisorWithCard(name: string) {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
  const communityId = await seedCommunity(`${name} Court ${stamp}`);
  const home = await control<{ id: number }>('/address', { communityId, address: `${name} Flat ${stamp}`, type: 1 });
  const account = await seedAccount({ roleId: 4, name, manages: [communityId] });
  const admin = await seedAccount({ roleId: 1, name: `${name} admin` });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  const cardid = `FS${stamp}`;
  await apiPost(token, '/card/createCard', {
    cardid,
    communityId,
    addressId: home.id,
    account: uniquePhone(),
    cardtype: 'accesscard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });
  return { account, cardid };
}

/** What the app keeps as the session of an account (as `openSignedIn` stores it). */
async function sessionOf(accountId: number): Promise<{ token: string; json: string }> {
  const { token } = await control<{ token: string }>('/token', { accountId, lang: 'en' });
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/api/getSession`, { headers: { token } });
  const env = (await res.json()) as { content: Record<string, unknown> };
  return { token, json: JSON.stringify({ ...env.content, token }) };
}

test('a first visit asks for the list with the code, once, and draws its rows', async ({ page }) => {
  const { account, cardid } = await supervisorWithCard('Early');
  const order: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.includes(LIST)) order.push('list');
    if (url.includes('/assets/CardListPage-')) order.push('page');
  });
  await openSignedIn(page, account.id, '/access/gate');
  await expect(rowOf(page, cardid)).toBeVisible();
  // Sent by index.html's first-screen script, before the page's own code was asked for; not again.
  expect(order.filter((o) => o === 'list')).toHaveLength(1);
  expect(order.indexOf('list')).toBeLessThan(order.indexOf('page'));
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
});

test('an early answer for another account is not taken: the list asks again with the session it runs with', async ({ page }) => {
  const a = await supervisorWithCard('Ann');
  const b = await supervisorWithCard('Bo');
  const sessionB = await sessionOf(b.account.id);
  const tokens: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(LIST)) tokens.push(r.headers().token ?? '');
  });
  // The first-screen script sends the list's request with A's stored session; before the app's own
  // code runs, the stored session becomes B's (as a sign-out and sign-in of B in another tab would).
  const earlyOfA = page.waitForRequest((r) => r.url().includes(LIST));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await earlyOfA;
    await page.evaluate((s) => localStorage.setItem('gh_session', s), sessionB.json);
    await route.continue();
  });
  await openSignedIn(page, a.account.id, '/access/gate');
  await expect(rowOf(page, b.cardid)).toBeVisible();
  await expect(rowOf(page, a.cardid)).toHaveCount(0);
  expect(tokens).toHaveLength(2);
  expect(tokens[0]).not.toBe(sessionB.token);
  expect(tokens[1]).toBe(sessionB.token);
});

test('an early request that fails is asked again, without an error', async ({ page }) => {
  const { account, cardid } = await supervisorWithCard('Retry');
  let asked = 0;
  await page.route(`**${LIST}?*`, (route) => (++asked === 1 ? route.abort('failed') : route.continue()));
  await openSignedIn(page, account.id, '/access/gate');
  await expect(rowOf(page, cardid)).toBeVisible();
  expect(asked).toBe(2);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
});

test('a list opened again asks for its first page once, as the app starts, and draws it', async ({ page }) => {
  const community = await seedCommunity('First Screen Court');
  const a = await seedAccount({ roleId: 4, name: 'Opener', manages: [community] });
  const asked: { url: string; at: number }[] = [];
  const chunks: { url: string; at: number }[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.includes(LIST)) asked.push({ url, at: asked.length + chunks.length });
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
  // Another list of the same frame asks for its own first page, once.
  asked.length = 0;
  await page.goto('/access/ladder');
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect.poll(() => asked.map((r) => new URL(r.url).searchParams.get('ismjtk'))).toEqual(['2']);
});
