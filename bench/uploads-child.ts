import { readSheet } from '../packages/server/src/xlsx/read.ts';

/** One measured read of an upload by the import guard (see uploads.ts): time, peak RSS growth, outcome. */
const [file] = process.argv.slice(2) as [string];
const rssBefore = process.memoryUsage.rss();
const t0 = performance.now();
let outcome = 'read';
let rows = 0;
try {
  for await (const _ of readSheet(file)) rows++;
} catch (e) {
  outcome = (e as { msgs?: string[] }).msgs?.[0] ?? String(e);
}
const ms = Math.round(performance.now() - t0);
const peakGrowthMB = Math.max(0, Math.round((process.resourceUsage().maxRSS * 1024 - rssBefore) / 1024 / 1024));
console.log(JSON.stringify({ ms, peakGrowthMB, outcome, rows }));
