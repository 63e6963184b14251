/// <reference lib="dom" />
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

export type Lang = 'zh-CN' | 'zh-TW' | 'en';
export const LANGS: Lang[] = ['zh-CN', 'zh-TW', 'en'];
const STORED_LANG: Record<Lang, string> = { 'zh-CN': 'china1', 'zh-TW': 'china2', en: 'english' };

export interface Demo {
  url: string;
  tokens: Record<Lang, string>;
  communityId: number;
  addressId: number;
  comId: number;
  punch: { account: string; date: string };
  stop: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * Starts a fresh demo (support/demo-server.ts: DEMO=1, demo units, their history) on free
 * ports and answers once it says it is ready; `stop` ends it (and only it).
 */
export async function startDemo(): Promise<Demo> {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'demo-server.ts')], {
    cwd: path.join(here, '..'),
    env: { ...process.env, DEMO_PORT: String(port), DEMO_MQTT_PORT: String(mqttPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const ready = await new Promise<Omit<Demo, 'stop' | 'url'>>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /DEMO-READY (.*)\n/.exec(out);
      if (m?.[1]) resolve(JSON.parse(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`demo server ended (${code}): ${err.slice(-2000)}`)));
  });
  return {
    ...ready,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Opens a demo screen signed in as the demo's administrator, in `lang` (UI and server messages). */
export async function openDemo(page: Page, demo: Demo, lang: Lang, screen: string): Promise<void> {
  const token = demo.tokens[lang];
  const res = await fetch(`${demo.url}/api/getSession`, { headers: { token } });
  const env = (await res.json()) as { content: Record<string, unknown> };
  await page.addInitScript(
    ([s, l]) => {
      localStorage.setItem('gh_session', s as string);
      localStorage.setItem('gh_lang', l as string);
    },
    [JSON.stringify({ ...env.content, token }), STORED_LANG[lang]],
  );
  await page.goto(`${demo.url}${screen}`);
}

/** Every seed screen of the demo with its parameters filled in (the menu leaves and the screens they lead to). */
export function demoScreens(d: Demo): string[] {
  return [
    '/project/project',
    '/enterprise/enterpriselist',
    `/project/address/${d.communityId}`,
    `/project/address/${d.communityId}/amt/${d.addressId}/isvilla/0`,
    `/project/address/${d.communityId}/access/${d.addressId}`,
    '/account',
    '/permission',
    '/message',
    '/operationlog',
    '/project/pool',
    '/project/devices',
    '/access/visitorcode',
    '/access/gm',
    '/access/gate',
    '/access/ladder',
    `/gm/card/${d.addressId}`,
    '/access/faceid',
    `/gm/face/${d.addressId}`,
    '/access/commands',
    '/eventlog/accesslog',
    '/eventlog/alarm',
    '/access/entrance',
    '/access/visitor',
    '/service/notice',
    '/notices',
    '/access/dailycheck',
    `/dailycheckrelation/dailydetail/${d.comId}`,
    `/dailycheck/record/${encodeURIComponent(d.punch.account)}/${d.punch.date}?c=${d.comId}`,
    '/appcount',
    // screens added after the spec's 29 (issues 12-14)
    '/overview',
    `/access/rules?communityId=${d.communityId}`,
    `/access/review?account=${DEMO_REVIEW_ACCOUNT}`,
    '/webhooks',
  ];
}

/** Whose access the review screen shows on a fresh demo: the property staff (a face, a patrol card in the cleaners' group). */
export const DEMO_REVIEW_ACCOUNT = '13900000005';

/**
 * The demo screens a check walks: all of them, or with DEMO_SCREENS=a,b only those whose path
 * contains one of the parts (to iterate on a few; the checks themselves cover every screen).
 */
export function screensToCheck(d: Demo): string[] {
  const only = process.env.DEMO_SCREENS?.split(',').filter(Boolean);
  const all = demoScreens(d);
  return only?.length ? all.filter((s) => only.some((o) => s.includes(o))) : all;
}

/** Screens whose content sits in tabs (each tab is checked): access rules, access review. */
const TABBED = ['/access/rules', '/access/review'];

/**
 * Runs `check` on the screen as it opened and, on a tabbed screen, once more on each further
 * tab after choosing it (once a row of its list shows: a fresh demo fills every tab; or its empty text, on a tab
 * that waits for a choice).
 */
export async function eachTab(page: Page, screen: string, check: (tab: string) => Promise<void>): Promise<void> {
  await check('');
  if (!TABBED.some((p) => screen.startsWith(p))) return;
  const tabs = page.locator('main .ant-tabs-tab');
  const n = await tabs.count();
  for (let i = 1; i < n; i++) {
    const tab = tabs.nth(i);
    const name = ((await tab.textContent()) ?? '').trim();
    await tab.click();
    // a tab whose list waits for a choice (the review's retention: a community) shows its empty text
    await page.locator('main .ant-table-tbody tr.ant-table-row:visible, main .ant-empty:visible').first().waitFor({ timeout: 60_000 });
    await page
      .locator('.ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached', timeout: 60_000 })
      .catch(() => undefined);
    await check(name);
  }
}
