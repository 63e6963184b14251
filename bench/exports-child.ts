/**
 * The server of the exports bench, in its own process (its RSS is read alone from
 * /proc): boots on PGlite (in memory) or DATABASE_URL, fills access_event (or op_log:
 * BENCH_EXPORT_LIST=oplog) with the scale generator, signs an administrator in and
 * listens on HTTP. Over IPC it answers the bare baseline (the export's own keyset
 * SELECTs, no xlsx) and how many statements on the list's table have run so far (to
 * see the work stop after an abort).
 */
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { streamBatch } from '../packages/server/src/db/index.ts';
import { boot } from '../packages/server/src/boot.ts';
import { testConfig } from '../packages/server/src/config.ts';
import { generateScale } from '../packages/server/src/demo/scale.ts';
import { openSession } from '../packages/server/src/http/auth.ts';
import { insertAccount } from '../packages/server/src/modules/account/insert.ts';
import { type EventQ, type EventTuple, eventStream } from '../packages/server/src/modules/eventlog/queries.ts';
import { keysetPage, keysetRows, keysetStream } from '../packages/server/src/db/keyset.ts';

type Ask = { id: number; op: 'bare' } | { id: number; op: 'statements' } | { id: number; op: 'count' };

const rowsWanted = Number(process.env.BENCH_EVENTS);
const opLog = process.env.BENCH_EXPORT_LIST === 'oplog';
const table = opLog ? 'op_log' : 'access_event';
let statements = 0;
const booted = await boot(testConfig({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL }), {
  inMemoryDb: true,
  mqtt: false,
  onQuery: (q) => {
    if (q.sql.includes(`"${table}"`)) statements++;
  },
});
const { db } = booted.services;
await generateScale(db, {
  communities: 10,
  doorUnits: 10,
  accounts: 1000,
  events: opLog ? 100 : rowsWanted,
  commands: 100,
  cards: 100,
  faces: 100,
  opLog: opLog ? rowsWanted : 100,
  alarms: 100,
});
const admin = await insertAccount(db, { regNo: '13999990001', name: 'Bench', password: 'Bench123', roleId: 1 });
const token = await openSession(db, { accountId: admin, roleId: 1 });
const app = await buildApp(booted.services);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

/** The rows the export writes, read by the same keyset SELECTs (the op log's as `exportOpLog` reads them), nothing else done with them. */
async function bare(): Promise<{ ms: number; rows: number }> {
  const q: EventQ = db.selectFrom('access_event as e').where('e.is_work', '=', false);
  const ops = db.selectFrom('op_log as o').select(['o.id', 'o.name1', 'o.name2', 'o.content', 'o.regno', 'o.addtime', 'o.detail']);
  const all = opLog
    ? keysetRows(db, (at, limit) => keysetPage(ops, { sort: 'o.addtime', id: 'o.id' }, true, at, limit), { sort: 'addtime', id: 'id' })
    : keysetStream<EventTuple>((after, limit) => eventStream(db, q, true, after, limit), streamBatch(db));
  const t0 = performance.now();
  let rows = 0;
  for await (const _r of all) rows++;
  return { ms: performance.now() - t0, rows };
}

async function answer(m: Ask): Promise<unknown> {
  switch (m.op) {
    case 'bare':
      return bare();
    case 'statements':
      return statements;
    case 'count': {
      const r = await (opLog
        ? sql<{ n: number }>`select count(*)::int as n from op_log`
        : sql<{ n: number }>`select count(*)::int as n from access_event where not is_work`
      ).execute(db);
      return r.rows[0]?.n;
    }
  }
}

process.on('message', (m: Ask) => {
  answer(m).then(
    (value) => process.send?.({ id: m.id, value }),
    (e: unknown) => process.send?.({ id: m.id, error: String(e) }),
  );
});
process.on('SIGTERM', () => {
  app
    .close()
    .then(() => booted.shutdown())
    .finally(() => process.exit(0));
});
process.send?.({ ready: true, port, token });
