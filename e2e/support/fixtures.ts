/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';

const controlUrl = () => `http://127.0.0.1:${process.env.E2E_CONTROL_PORT}`;
const apiUrl = () => `http://127.0.0.1:${process.env.E2E_PORT}/api`;

/** Seeds data through the test server's control port. */
export async function control<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${controlUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A POST to the API as a signed-in user (set-up that is another spec's subject); answers the content. */
export async function apiPost<T>(token: string, path: string, body: Record<string, string | number>): Promise<T> {
  const res = await fetch(`${apiUrl()}${path}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
  });
  const env = (await res.json()) as { status: number; msgs: string[]; content: T };
  if (env.status !== 200) throw new Error(`${path}: ${env.status} ${env.msgs.join('; ')}`);
  return env.content;
}

/** A random mainland mobile number (unique within a run for all practical purposes). */
/** A card-reading door unit of a community, added to the device pool and bound (`name` its address and pool name): answers its address id, serial and secret. */
export async function seedDoorUnit(token: string, communityId: number, name: string, serial: string) {
  await apiPost(token, '/pool/addPool', {
    name,
    regNo: serial,
    isVilla: 0,
    cardSupported: 4,
    faceSupported: 0,
    qrcodeSupported: 0,
    pwdSupported: 0,
  });
  return apiPost<{ addressid: number; serial: string; secret: string }>(token, '/device/insertDevice', {
    addressName: name,
    regNo: serial,
    userPhone: '13912345678',
    communityID: communityId,
  });
}

export function uniquePhone(): string {
  return `13${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export interface Seeded {
  id: number;
  regNo: string;
  password: string;
}

export async function seedAccount(a: {
  roleId: number;
  state?: number;
  password?: string;
  name?: string;
  communityId?: number;
  addressId?: number;
  manages?: number[];
  regNo?: string;
}): Promise<Seeded> {
  const regNo = a.regNo ?? uniquePhone();
  const password = a.password ?? 'Test1234';
  const { id } = await control<{ id: number }>('/account', { ...a, regNo, password });
  return { id, regNo, password };
}

export const seedCommunity = async (name: string, extra: Record<string, unknown> = {}) =>
  (await control<{ id: number }>('/community', { name, ...extra })).id;

export const outboxCode = async (phone: string): Promise<string> => {
  for (let i = 0; i < 20; i++) {
    const { code } = await control<{ code: string | null }>(`/outbox?phone=${phone}`);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code for ${phone}`);
};

/**
 * Opens the app already signed in as a seeded account (the sign-in screen has its
 * own tests): a session token is made on the server and the session content is
 * put in localStorage, as the sign-in would.
 */
export async function openSignedIn(page: Page, accountId: number, path: string, lang: 'china1' | 'china2' | 'english' = 'english') {
  const { token } = await control<{ token: string }>('/token', {
    accountId,
    lang: { china1: 'zh-CN', china2: 'zh-TW', english: 'en' }[lang],
  });
  const res = await fetch(`${apiUrl()}/getSession`, { headers: { token } });
  const env = (await res.json()) as { content: Record<string, unknown> };
  const session = { ...env.content, token };
  await page.addInitScript(
    ([s, l]) => {
      if (!localStorage.getItem('gh_session')) localStorage.setItem('gh_session', s as string);
      if (!localStorage.getItem('gh_lang')) localStorage.setItem('gh_lang', l as string);
    },
    [JSON.stringify(session), lang],
  );
  await page.goto(path);
  return token;
}

/** Signs in through the sign-in screen. */
export async function loginViaUi(page: Page, a: { regNo: string; password: string; roleLabel: string | RegExp }) {
  await page.getByTestId('login-account').fill(a.regNo);
  await page.getByTestId('login-password').click();
  await page.getByTestId('login-password').fill(a.password);
  await page.getByTestId('login-captcha').fill('abcd');
  await page.getByTestId('login-role').click();
  await page.locator('.ant-select-item-option').filter({ hasText: a.roleLabel }).first().click();
  await page.getByTestId('login-submit').click();
}

/** Waits for antd modals to finish closing (a closing modal intercepts clicks). */
export async function modalsClosed(page: Page) {
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
}

/**
 * A row action of a list (shared/RowActions.tsx): a row with more than three actions shows
 * two and puts the rest under "More", in a floating panel (test id `<row's test id>-more`).
 */
/** A row's action button found from the row itself: inline, or under the row's "More" (a popover). */
export async function rowActionOf(page: Page, row: Locator, name: string): Promise<Locator> {
  const inline = row.getByRole('button', { name, exact: true });
  await row.getByRole('button').first().waitFor();
  if (await inline.isVisible()) return inline;
  await row.getByRole('button', { name: /^More/ }).click();
  return page.locator('.ant-popover:visible').getByRole('button', { name, exact: true });
}

export async function rowAction(page: Page, rowTestId: string, name: string): Promise<Locator> {
  const row = page.getByTestId(rowTestId);
  const inline = row.getByRole('button', { name, exact: true });
  await row.getByRole('button').first().waitFor(); // the row is there (no expect timeout: a loaded list may take a while)
  if (await inline.isVisible()) return inline;
  const panel = page.getByTestId(`${rowTestId}-more`);
  if (!(await panel.isVisible())) await row.getByRole('button', { name: /^More/ }).click();
  return panel.getByRole('button', { name, exact: true });
}
