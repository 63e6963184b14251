import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { type Cursor, keysetPage, keysetRows } from '../packages/server/src/db/keyset.ts';
import { testApp } from '../packages/server/src/test/harness.ts';

/**
 * A person's data export (issue 35 item 2, `npm run bench -- person-export`): BENCH_PERSON_EVENTS access
 * events (default 10,000,000) of BENCH_PERSON_ACCOUNTS accounts (10,000), the person exported holding
 * BENCH_PERSON_OWN of them (1,000: a typical resident's year) and a second person BENCH_PERSON_BIG
 * (1,000,000). Measured, on PostgreSQL when DATABASE_URL is set, else PGlite:
 * - the typical person's whole export (summary counts, op log, zip of every section) downloaded over
 *   HTTP, against the baseline of the same run: a plain keyset read of the same event rows (goal ≤ 5 s
 *   at 10M events);
 * - the big person's export: its time, and this process's RSS growth while it streams (flat memory).
 */
export async function personExportBench() {
  const total = Number(process.env.BENCH_PERSON_EVENTS ?? 10_000_000);
  const accounts = Number(process.env.BENCH_PERSON_ACCOUNTS ?? 10_000);
  const own = Number(process.env.BENCH_PERSON_OWN ?? 1_000);
  const big = Number(process.env.BENCH_PERSON_BIG ?? 1_000_000);
  const t = await testApp();
  try {
    const { token } = await t.signIn({ roleId: 1 });
    const community = await t.createCommunity('Bench Court');
    const typical = '13500000001';
    const heavy = '13500000002';
    await t.createAccount({ roleId: 7, regNo: typical, communityId: community });
    await t.createAccount({ roleId: 7, regNo: heavy, communityId: community });
    const started = Date.now();
    const rest = Math.max(0, total - own - big);
    const CHUNK = 500_000;
    // Everyone else's events, spread over a year; then the two persons'.
    for (let done = 0; done < rest; done += CHUNK) {
      const n = Math.min(CHUNK, rest - done);
      await sql`insert into access_event (eid, community_id, device_name, time, type, result, account, unlock_user_name, card_num, card_mode, is_work)
        select 'b' || (${done}::bigint + g), ${community}, 'Gate', timestamptz '2026-01-01' + ((${done}::bigint + g) % 31536000) * interval '1 second',
          1, 1, '136' || lpad(((${done}::bigint + g) % ${accounts})::text, 8, '0'), 'Someone', '', 0, ((${done}::bigint + g) % 10 = 0)
        from generate_series(1, ${n}::int) g`.execute(t.db);
    }
    for (const [phone, n] of [
      [typical, own],
      [heavy, big],
    ] as const)
      for (let done = 0; done < n; done += CHUNK)
        await sql`insert into access_event (eid, community_id, device_name, time, type, result, account, unlock_user_name, card_num, card_mode, is_work)
          select ${phone} || '-' || (${done}::bigint + g), ${community}, 'Gate', timestamptz '2026-01-01' + (${done}::bigint + g) * interval '7 seconds',
            1, 1, ${phone}, 'Bench Person', 'C1', 0, false
          from generate_series(1, ${Math.min(CHUNK, n - done)}::int) g`.execute(t.db);
    await sql`analyze access_event`.execute(t.db);
    const filledSeconds = (Date.now() - started) / 1000;

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    void address;
    /** Downloads the person's export; answers its time, bytes and the peak RSS growth while it streamed. */
    const download = (phone: string) =>
      new Promise<{ ms: number; bytes: number; rssGrowthMb: number }>((resolve, reject) => {
        const rss0 = process.memoryUsage().rss;
        let peak = rss0;
        const timer = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 50);
        const t0 = performance.now();
        http
          .get({ port, host: '127.0.0.1', path: `/api/datareq/exportPerson?account=${phone}`, headers: { token } }, (res) => {
            if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
            let bytes = 0;
            res.on('data', (d: Buffer) => {
              bytes += d.length;
            });
            res.on('end', () => {
              clearInterval(timer);
              resolve({ ms: Math.round(performance.now() - t0), bytes, rssGrowthMb: Math.round((peak - rss0) / 1024 / 1024) });
            });
            res.on('error', reject);
          })
          .on('error', reject);
      });
    /** The baseline: a plain keyset read of the person's event rows (the same select, nothing written). */
    const plainRead = async (phone: string) => {
      const t0 = performance.now();
      let n = 0;
      const batch = (after: Cursor | null, limit: number) =>
        keysetPage(
          t.db
            .selectFrom('access_event as e')
            .select(['e.id', 'e.time', 'e.device_name', 'e.type', 'e.result', 'e.card_num', 'e.unlock_user_name', 'e.account'])
            .where('e.account', '=', phone)
            .where('e.is_work', '=', false),
          { sort: 'e.time', id: 'e.id' },
          false,
          after,
          limit,
        );
      for await (const _ of keysetRows(t.db, batch, { sort: 'time', id: 'id' })) n++;
      return { ms: Math.round(performance.now() - t0), rows: n };
    };
    await download(typical); // warm-up (plans, code)
    const baseline = await plainRead(typical);
    const exported = await download(typical);
    const bigBaseline = await plainRead(heavy);
    const bigExport = await download(heavy);
    return {
      name: 'person export',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      events: total,
      accounts,
      filledSeconds,
      typical: {
        events: own,
        exportMs: exported.ms,
        bytes: exported.bytes,
        baselineMs: baseline.ms,
        ratio: +(exported.ms / Math.max(1, baseline.ms)).toFixed(2),
        goalMs: 5000,
      },
      big: {
        events: big,
        exportMs: bigExport.ms,
        bytes: bigExport.bytes,
        baselineMs: bigBaseline.ms,
        ratio: +(bigExport.ms / Math.max(1, bigBaseline.ms)).toFixed(2),
        rssGrowthMb: bigExport.rssGrowthMb,
      },
    };
  } finally {
    await t.close();
  }
}
