import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { emulateSlowLink } from './slow-link.ts';
import { startFirstScreenApp } from './first-screen.ts';

/**
 * The waterfall of one cold and one warm load of the shell with the card list on the slow link
 * (the bench's scenario, `first-screen.ts`): every request with its start, its answer's headers and
 * its end (ms from the navigation), the bytes over the wire or where it came from (disk cache, service
 * worker, the worker's static route), the document's navigation timing, and the page's long tasks.
 * `npx tsx bench/first-screen-trace.ts [path]` (the built packages/web/dist); `NO_SW=1` blocks the
 * service worker (docs/performance.md, "First screen").
 */
const app = await startFirstScreenApp();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    serviceWorkers: process.env.NO_SW === '1' ? 'block' : 'allow',
  });
  const page = await context.newPage();
  const path = process.argv[2] ?? '/access/gate';
  if (path !== '/login') await app.signedIn(page);
  await page.addInitScript({
    content: `(() => {
      window.__ghTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__ghTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
      const sel = ${JSON.stringify(path === '/login' ? ['[data-testid="login-submit"]'] : ['.ant-menu-root', '.ant-table-row'])};
      const o = new MutationObserver(() => { if (!sel.every((s) => document.querySelector(s))) return; o.disconnect(); requestAnimationFrame(() => { window.__ghShown = performance.now(); }); });
      o.observe(document, { childList: true, subtree: true });
    })()`,
  });
  const cdp = await context.newCDPSession(page);
  await emulateSlowLink(cdp);
  const reqs = new Map<
    string,
    { url: string; start: number; headers?: number; end?: number; bytes?: number; cached?: boolean; status?: number; how?: string }
  >();
  cdp.on('Network.requestWillBeSent', (e) => reqs.set(e.requestId, { url: e.request.url, start: e.timestamp }));
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r)
      Object.assign(r, {
        headers: e.timestamp,
        status: e.response.status,
        cached: e.response.fromDiskCache || e.response.fromServiceWorker,
        how: `${e.response.fromDiskCache ? 'disk' : ''}${e.response.fromServiceWorker ? 'sw' : ''}${e.response.serviceWorkerRouterInfo ? JSON.stringify(e.response.serviceWorkerRouterInfo) : ''}`,
      });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  for (const round of ['cold', 'warm']) {
    reqs.clear();
    await page.goto(`${app.base}${path}`, { waitUntil: 'commit' });
    const shown = (await (
      await page.waitForFunction(() => (window as { __ghShown?: number }).__ghShown, undefined, { timeout: 60_000 })
    ).jsonValue()) as number;
    await page.waitForTimeout(500);
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        sw: !!navigator.serviceWorker?.controller,
        workerStart: n.workerStart,
        fetchStart: n.fetchStart,
        requestStart: n.requestStart,
        responseStart: n.responseStart,
        responseEnd: n.responseEnd,
        domInteractive: n.domInteractive,
      };
    });
    console.log(JSON.stringify(nav));
    const tasks = (await page.evaluate(() => (window as { __ghTasks?: number[][] }).__ghTasks)) as number[][];
    const all = [...reqs.values()].sort((a, b) => a.start - b.start);
    const t0 = all[0]?.start ?? 0;
    const ms = (t?: number) => (t === undefined ? '-' : String(Math.round((t - t0) * 1000)).padStart(5));
    console.log(`\n== ${round}: shown at ${Math.round(shown)} ms; ${all.length} requests; long tasks ${JSON.stringify(tasks)}`);
    for (const r of all)
      console.log(
        `${ms(r.start)} ${ms(r.headers)} ${ms(r.end)} ${String(r.status ?? '').padStart(3)} ${r.cached ? 'cache' : String(r.bytes ?? '').padStart(6)}  ${r.url.replace(app.base, '').slice(0, 110)} ${r.how ?? ''}`,
      );
    await page.goto('about:blank');
  }
} finally {
  await browser.close();
  await app.stop();
}
