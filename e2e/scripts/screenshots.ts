/**
 * `npm run screenshots`: starts a fresh demo (support/demo-server.ts), opens one screen per
 * area in English at 1440×900 as the demo's administrator and writes docs/screenshots/<area>.png.
 * Needs the built web (`npm run build`); run it again after a change to what a screen shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { DEMO_REVIEW_ACCOUNT, openDemo, startDemo } from '../support/demo.ts';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
fs.mkdirSync(out, { recursive: true });
const demo = await startDemo();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const areas: [string, string][] = [
    ['projects', '/project/project'],
    ['addresses', `/project/address/${demo.communityId}`],
    ['devices', '/project/devices'],
    ['accounts', '/account'],
    ['cards', '/access/gate'],
    ['faces', '/access/faceid'],
    ['door-units', '/access/gm'],
    ['commands', '/access/commands'],
    ['access-log', '/eventlog/accesslog'],
    ['alarms', '/eventlog/alarm'],
    ['visitors', '/access/visitor'],
    ['attendance', `/dailycheckrelation/dailydetail/${demo.comId}`],
    ['notices', '/service/notice'],
    ['operation-log', '/operationlog'],
    ['statistics', '/appcount'],
    ['overview', '/overview'],
    ['access-rules', `/access/rules?communityId=${demo.communityId}`],
    ['access-review', `/access/review?account=${DEMO_REVIEW_ACCOUNT}`],
    ['webhooks', '/webhooks'],
  ];
  for (const [area, screen] of areas) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openDemo(page, demo, 'en', screen);
    await expect(page.locator('main')).toBeVisible({ timeout: 60_000 });
    if (area !== 'statistics') await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.locator('[data-testid="face-thumb"] .anticon')).toHaveCount(0, { timeout: 30_000 }); // thumbnails in
    if (page.url().includes('/overview') || area === 'statistics') {
      // charts grow in for a second; the overview reloads its figures as live events arrive
      await page.waitForTimeout(1500);
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
    }
    await page.screenshot({ path: path.join(out, `${area}.png`) });
    console.log(`docs/screenshots/${area}.png`);
    await page.close();
  }
} finally {
  await browser.close();
  await demo.stop();
}
