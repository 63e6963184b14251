import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/data.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { percentile } from './lib.ts';
import { slowLinkTiming } from './slow-link.ts';

const DIST = path.resolve(import.meta.dirname, '../packages/web/dist');
const ASSETS = path.join(DIST, 'assets');

/**
 * The first screen: JavaScript a browser must fetch before the sign-in page and
 * before the shell with a list page can show (gzip and brotli, from the files
 * precompressed at build); the time from pressing "sign in" to a usable
 * shell in headless Chromium, against the time to open the bare /404 page of
 * the same app (the framework's floor) in the same run; and, on an emulated
 * "Fast 3G"-like link (`slow-link.ts`), the shell with the access-card list opened
 * signed in, cold and warm, beside the bare sign-in page.
 *
 * BENCH_NO_BUILD=1 measures packages/web/dist as it is (another build's, say).
 */
export async function firstScreenBench() {
  if (process.env.BENCH_NO_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build', '-w', '@gatehouse/web'], { stdio: 'ignore' });
    if (built.status !== 0) throw new Error('the web build failed');
  }
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('no entry script in the built index.html');
  // The entry waits for the texts of the language in use (zh-CN by default) before it renders; the
  // page's first-screen script (build/firstScreenHints.ts) comes with every screen.
  const texts = chunk('zh-CN-');
  const hints = fs.readdirSync(ASSETS).filter((n) => n.startsWith('first-screen-') && n.endsWith('.js'));
  const screens = {
    'sign-in page': closure([entry, ...hints, texts, chunk('LoginPage-')]),
    'shell + access card list': closure([entry, ...hints, texts, chunk('SignedInShell-'), chunk('CardListPage-')]),
  };
  const sizes = Object.fromEntries(Object.entries(screens).map(([name, files]) => [name, weigh(files)]));
  const app = await startFirstScreenApp();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const signIn = await signInTiming(browser, app.base);
    const slowLink = await slowLinkTiming(browser, app.base, {
      'bare sign-in page': { path: '/login', shownWhen: ['[data-testid="login-submit"]'] },
      'shell + access card list': {
        path: '/access/gate',
        shownWhen: ['.ant-menu-root', '.ant-table-row'],
        prepare: (page) => app.signedIn(page),
      },
    });
    return {
      name: 'first screen: initial JavaScript, sign-in to a usable shell, the shell on a slow link',
      initialJsKb: sizes,
      wholeBuildKb: weigh(new Set(fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js')))),
      signIn,
      slowLink,
      note: 'sizes in kB as sent; ratio = sign-in-to-shell p50 / bare-page p50 (goal: sign-in to shell <= 1 s); slow link: shell + card list cold <= 3 s, warm <= 0.8 s',
    };
  } finally {
    await browser.close();
    await app.stop();
  }
}

/**
 * The app with the demo's data (its supervisor sees the demo's cards in the access-card list)
 * and the account the sign-in timing signs in with, on a free port.
 */
export async function startFirstScreenApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-first-screen-'));
  const config = testConfig({ LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIST: DIST, DATA_DIR: dataDir });
  const booted = await boot(config, { inMemoryDb: true, mqtt: false });
  const db = booted.services.db;
  await seedDemo(db, dataDir);
  await insertAccount(db, { regNo: '13900008888', name: 'Bench', password: 'Bench123', roleId: 4 });
  const app = await buildApp(booted.services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const supervisor = await db.selectFrom('account').select(['id', 'role_id']).where('reg_no', '=', '13900000004').executeTakeFirstOrThrow();
  return {
    base,
    /** Puts a session of the demo's supervisor in the page's localStorage, as the sign-in does. */
    async signedIn(page: Page) {
      const token = await openSession(db, { accountId: supervisor.id, roleId: supervisor.role_id, lang: 'zh-CN', ip: '127.0.0.1' });
      const res = await fetch(`${base}/api/getSession`, { headers: { token } });
      const session = { ...((await res.json()) as { content: object }).content, token };
      await page.addInitScript((s) => {
        if (!localStorage.getItem('gh_session')) localStorage.setItem('gh_session', s);
      }, JSON.stringify(session));
    },
    async stop() {
      await app.close();
      await booted.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function chunk(prefix: string): string {
  const f = fs.readdirSync(ASSETS).find((n) => n.startsWith(prefix) && n.endsWith('.js'));
  if (!f) throw new Error(`no chunk named ${prefix}*`);
  return f;
}

/** A chunk and every chunk it imports statically (what the browser must load before it runs). */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const f = pending.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    const code = fs.readFileSync(path.join(ASSETS, f), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) pending.push(m[1] as string);
  }
  return seen;
}

function weigh(files: Set<string>) {
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const f of files) {
    const p = path.join(ASSETS, f);
    raw += size(p);
    gzip += size(`${p}.gz`) || size(p);
    brotli += size(`${p}.br`) || size(p);
  }
  const kb = (n: number) => +(n / 1024).toFixed(1);
  return { chunks: files.size, raw: kb(raw), gzip: kb(gzip), brotli: kb(brotli) };
}

async function signInTiming(browser: Browser, base: string, runs = 5) {
  const bare: number[] = [];
  const signIn: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    let t0 = performance.now();
    await page.goto(`${base}/404`);
    await page.locator('.ant-result').waitFor();
    bare.push(performance.now() - t0);
    await page.goto(`${base}/login`);
    await page.getByTestId('login-account').fill('13900008888');
    await page.getByTestId('login-password').fill('Bench123');
    await page.getByTestId('login-captcha').fill('abcd');
    await page.getByTestId('login-role').click();
    await page.locator('.ant-select-item-option').first().click();
    t0 = performance.now();
    await page.getByTestId('login-submit').click();
    await page.locator('.ant-menu-root').waitFor();
    await page.locator('.ant-table').first().waitFor();
    signIn.push(performance.now() - t0);
    await context.close();
  }
  const p50 = (v: number[]) => +percentile(v, 50).toFixed(0);
  return {
    runs,
    bareP50ms: p50(bare),
    signInToShellP50ms: p50(signIn),
    ratio: +(percentile(signIn, 50) / percentile(bare, 50)).toFixed(2),
  };
}
