import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSec: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

/** Runs autocannon against a URL for a few seconds (connections in parallel). */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  seconds = 5,
  connections = 10,
): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    name,
    requestsPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** Times an async function n times; answers the durations in ms. */
export async function timeIt(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}
