import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { percentile } from './lib.ts';

const DIST = path.resolve(import.meta.dirname, '../packages/web/dist');
const ASSETS = path.join(DIST, 'assets');

/**
 * The first screen: JavaScript a browser must fetch before the sign-in page and
 * before the shell with a list page can show (gzip and brotli, from the files
 * precompressed at build), and the time from pressing "sign in" to a usable
 * shell in headless Chromium, against the time to open the bare /404 page of
 * the same app (the framework's floor) in the same run.
 */
export async function firstScreenBench() {
  spawnSync('npm', ['run', 'build', '-w', '@gatehouse/web'], { stdio: 'ignore' });
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('no entry script in the built index.html');
  // The entry waits for the texts of the language in use (zh-CN by default) before it renders.
  const texts = chunk('zh-CN-');
  const screens = {
    'sign-in page': closure([entry, texts, chunk('LoginPage-')]),
    'shell + access card list': closure([entry, texts, chunk('SignedInShell-'), chunk('CardListPage-')]),
  };
  const sizes = Object.fromEntries(Object.entries(screens).map(([name, files]) => [name, weigh(files)]));
  const timing = await signInTiming();
  return {
    name: 'first screen: initial JavaScript and sign-in to a usable shell',
    initialJsKb: sizes,
    wholeBuildKb: weigh(new Set(fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js')))),
    signIn: timing,
    note: 'sizes in kB as sent (goal: initial JS <= 300 kB gzip); ratio = sign-in-to-shell p50 / bare-page p50 (goal: sign-in to shell <= 1 s)',
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
  const todo = [...roots];
  while (todo.length) {
    const f = todo.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    const code = fs.readFileSync(path.join(ASSETS, f), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) todo.push(m[1] as string);
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

async function signInTiming(runs = 5) {
  const config = testConfig({ LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIST: DIST });
  const booted = await boot(config, { inMemoryDb: true, mqtt: false });
  await insertAccount(booted.services.db, { regNo: '13900008888', name: 'Bench', password: 'Bench123', roleId: 4 });
  const app = await buildApp(booted.services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const bare: number[] = [];
  const signIn: number[] = [];
  try {
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
  } finally {
    await browser.close();
    await app.close();
    await booted.shutdown();
  }
  const p50 = (v: number[]) => +percentile(v, 50).toFixed(0);
  return {
    runs,
    bareP50ms: p50(bare),
    signInToShellP50ms: p50(signIn),
    ratio: +(percentile(signIn, 50) / percentile(bare, 50)).toFixed(2),
  };
}
