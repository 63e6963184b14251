import type { Browser, CDPSession, Page } from 'playwright-core';
import { percentile } from './lib.ts';

/**
 * A "Fast 3G"-like link, emulated by Chromium itself (DevTools protocol,
 * `Network.emulateNetworkConditions`): 1.6 Mbps down, 750 kbps up, 150 ms from a
 * request sent to its answer's headers.
 */
export const SLOW_LINK = { downloadMbps: 1.6, uploadMbps: 0.75, rttMs: 150 };

/** Puts a page's requests on the emulated link (Chromium's network emulation through the page's CDP session). */
export async function emulateSlowLink(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_LINK.rttMs,
    downloadThroughput: (SLOW_LINK.downloadMbps * 1e6) / 8,
    uploadThroughput: (SLOW_LINK.uploadMbps * 1e6) / 8,
  });
}

/** What a screen is, and when it counts as shown: the elements that must all be in the page. */
export interface Screen {
  path: string;
  shownWhen: string[];
  /** Puts what the browser keeps (a session in localStorage) before the page's own scripts run. */
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Opens each screen on the slow link, cold (a new browser context: empty cache) and then warm
 * (the same address again in the same context: the hashed assets from the cache, index.html
 * revalidated), `runs` times each. A load's time is from the navigation's start to the frame that
 * draws the last of the screen's elements (read in the page: a MutationObserver from before the
 * page's scripts, then the next animation frame), with the bytes the page took over the wire by then.
 */
export async function slowLinkTiming(browser: Browser, base: string, screens: Record<string, Screen>, runs = 5) {
  const out: Record<string, { cold: LoadFigures; warm: LoadFigures }> = {};
  for (const [name, screen] of Object.entries(screens)) {
    const cold: Load[] = [];
    const warm: Load[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await screen.prepare?.(page);
        await page.addInitScript({ content: `(${WATCH_SHOWN})(${JSON.stringify(screen.shownWhen)})` });
        await emulateSlowLink(await context.newCDPSession(page));
        cold.push(await load(page, `${base}${screen.path}`));
        await page.goto('about:blank');
        warm.push(await load(page, `${base}${screen.path}`));
      } finally {
        await context.close();
      }
    }
    out[name] = { cold: figures(cold), warm: figures(warm) };
  }
  return { link: SLOW_LINK, runs, screens: out };
}

interface Load {
  ms: number;
  kB: number;
}
interface LoadFigures {
  p50ms: number;
  maxMs: number;
  kBOverTheWire: number;
}

async function load(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (window as { __ghShown?: Load }).__ghShown, undefined, { timeout: 60_000 });
  return (await handle.jsonValue()) as Load;
}

function figures(loads: Load[]): LoadFigures {
  const ms = loads.map((l) => l.ms);
  return {
    p50ms: Math.round(percentile(ms, 50)),
    maxMs: Math.round(Math.max(...ms)),
    kBOverTheWire: +percentile(
      loads.map((l) => l.kB),
      50,
    ).toFixed(1),
  };
}

/**
 * Runs in the page before its scripts: notes when all the selectors are in and drawn. A string, not
 * a function: tsx names the functions it compiles through a helper the page does not have.
 */
const WATCH_SHOWN = `(selectors) => {
  const wire = () =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .reduce((sum, e) => sum + (e.transferSize || 0), 0) / 1024;
  const observer = new MutationObserver(() => {
    if (!selectors.every((s) => document.querySelector(s))) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__ghShown = { ms: performance.now(), kB: wire() };
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}`;
