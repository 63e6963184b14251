import { CMD_STATUS, PENDING_CMD_STATUSES } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { ChaosRig, FAULT_KINDS, type FaultKind, type RigOptions } from './chaos-rig.ts';

export interface ChaosOptions extends RigOptions {
  seed: number;
  /** Faults injected one after another; each kind at least once when there are as many. */
  faults: number;
  /** How long a fault holds, and the quiet time before the next: [min, max] ms. */
  holdMs: [number, number];
  gapMs: [number, number];
  /** One change (a card put or delete for 1–3 units) through a running instance this often. */
  changeEveryMs: number;
  /** Each unit sends an access event this often. */
  eventEveryMs: number;
  log?: (line: string) => void;
}

export interface FaultRecord {
  kind: FaultKind;
  what: string;
  heldMs: number;
  /** From the repair until everything queued and sent before it was settled and stored, and every instance healthy. */
  recoveredMs: number | null;
}

export interface ChaosReport {
  faults: FaultRecord[];
  recoveryMs: { p50: number; max: number };
  changes: { issued: number; refused: number };
  /** Commands of the run: left unsettled at the end, failed, and when the last settled after the last repair. */
  commands: { total: number; unsettled: number; failed: number; settledAfterLastFaultMs: number };
  /** Units whose cards differ from what the command table says they hold. */
  credentials: { units: number; mismatched: string[] };
  events: { sent: number; stored: number; lost: number; storedTwice: number };
  /** Health probes of the running instances; answers other than 200 outside the fault windows. */
  http: { probes: number; badOutsideFaults: number; bad: string[] };
}

/** A small seeded generator (mulberry32): the same seed, the same run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pending = PENDING_CMD_STATUSES;

/**
 * Issue 38 item 2: runs the rig (test/chaos-rig.ts) under continuous changes and events while it
 * injects faults at random (seeded), then checks the invariants: every command settled (acknowledged
 * or superseded) within the lease after the last fault, each unit holding exactly the cards its
 * latest commands say, every event stored once, no failed health probe outside a fault's window.
 */
export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const rand = random(o.seed);
  const between = ([lo, hi]: [number, number]) => lo + Math.floor(rand() * (hi - lo + 1));
  const log = o.log ?? (() => {});
  const rig = await ChaosRig.start(o);
  try {
    let running = true;
    const changes = { issued: 0, refused: 0 };
    const windows: { from: number; to: number }[] = [];
    /** Each probe's start and end: one in flight when a fault began belongs to that fault's window. */
    const probes: { at: number; end: number; ok: boolean; what: string }[] = [];
    const started = Date.now();

    /** GET /api/health of an instance: 200, or what it answered instead. */
    const health = async (port: number | null): Promise<string> => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
        return res.status === 200 ? 'ok' : `${res.status} ${await res.text()}`;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    };
    const healthy = async (port: number | null) => (await health(port)) === 'ok';
    const prober = (async () => {
      while (running) {
        const live = rig.live();
        const at = Date.now();
        const got = await Promise.all(live.map(async ({ inst }) => ({ h: await health(inst.httpPort), end: Date.now() })));
        got.forEach(({ h, end }, k) => {
          probes.push({
            at,
            end,
            ok: h === 'ok',
            what: `+${((at - started) / 1000).toFixed(1)} s, instance ${live[k]?.i}: ${h.slice(0, 120)}`,
          });
        });
        await sleep(500);
      }
    })();
    const changer = (async () => {
      while (running) {
        const live = rig.live();
        const target = live[Math.floor(rand() * live.length)];
        const units = Array.from(
          { length: 1 + Math.floor(rand() * 3) },
          () => rig.addressIds[Math.floor(rand() * rig.addressIds.length)] as number,
        );
        const card = `C${Math.floor(rand() * 20)}`;
        const remove = rand() < 0.3;
        if (target) {
          changes.issued++;
          await target.inst.issue([...new Set(units)], [card], remove).catch(() => changes.refused++);
        }
        await sleep(o.changeEveryMs);
      }
    })();
    const eventers = rig.fleet.devices.map(async (d, k) => {
      await sleep(Math.floor((o.eventEveryMs * k) / rig.fleet.devices.length));
      for (let i = 0; running; i++) {
        await d.scanQr(`chaos-${k}-${i}`).catch(() => {});
        await sleep(o.eventEveryMs);
      }
    });

    /** Everything queued and sent so far is settled and stored, and every running instance answers 200. */
    const settledSince = async (maxId: number, eids: string[]) => {
      const left = await rig.db.db
        .selectFrom('command')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('id', '<=', maxId)
        .where('status', 'in', pending)
        .executeTakeFirstOrThrow();
      if (left.n > 0) return false;
      const stored = await rig.db.db
        .selectFrom('access_event')
        .select(sql<number>`count(distinct eid)::int`.as('n'))
        .where('eid', '=', sql<string>`any(${eids})`)
        .executeTakeFirstOrThrow();
      if (stored.n < eids.length) return false;
      return (await Promise.all(rig.live().map(({ inst }) => healthy(inst.httpPort)))).every(Boolean);
    };
    const maxCommandId = async () =>
      Number((await rig.db.db.selectFrom('command').select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirstOrThrow()).m);
    const sentEids = () => rig.fleet.devices.flatMap((d) => d.sent.map((e) => e.eid));

    const kinds: FaultKind[] = [];
    for (let i = 0; i < o.faults; i++) kinds.push(FAULT_KINDS[i % FAULT_KINDS.length] as FaultKind);
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [kinds[i], kinds[j]] = [kinds[j] as FaultKind, kinds[i] as FaultKind];
    }
    const faults: FaultRecord[] = [];
    const at = () => `+${((Date.now() - started) / 1000).toFixed(1)} s`;
    const watchers: Promise<void>[] = [];
    let lastRepairAt = Date.now();
    for (const kind of kinds) {
      await sleep(between(o.gapMs));
      const from = Date.now();
      const window = { from, to: Number.POSITIVE_INFINITY };
      windows.push(window);
      const { what, repair } = await rig.inject(kind, (n) => Math.floor(rand() * n));
      await sleep(between(o.holdMs));
      await repair();
      lastRepairAt = Date.now();
      const record: FaultRecord = { kind, what, heldMs: lastRepairAt - from, recoveredMs: null };
      faults.push(record);
      log(`${at()} fault: ${what} for ${record.heldMs} ms`);
      const [maxId, eids, repairedAt] = [await maxCommandId(), sentEids(), lastRepairAt];
      watchers.push(
        (async () => {
          const end = repairedAt + o.leaseMs + 60_000;
          while (Date.now() < end) {
            if (await settledSince(maxId, eids).catch(() => false)) {
              record.recoveredMs = Date.now() - repairedAt;
              window.to = Date.now();
              log(`${at()} recovered from "${what}" in ${record.recoveredMs} ms`);
              return;
            }
            await sleep(250);
          }
        })(),
      );
    }
    // A little more traffic after the last fault, then quiet.
    await sleep(between(o.gapMs));
    running = false;
    await Promise.all([changer, prober, ...eventers]);
    const finalMax = await maxCommandId();
    const end = lastRepairAt + o.leaseMs + 60_000;
    let settledAt = Number.NaN;
    while (Date.now() < end) {
      if (await settledSince(finalMax, [])) {
        settledAt = Date.now();
        break;
      }
      await sleep(250);
    }
    await Promise.all(watchers);
    const confirmEnd = Date.now() + 60_000;
    while (Date.now() < confirmEnd && rig.fleet.devices.some((d) => d.unconfirmed.size > 0)) await sleep(250);

    const report: ChaosReport = {
      faults,
      recoveryMs: percentiles(faults.map((f) => f.recoveredMs ?? Number.POSITIVE_INFINITY)),
      changes,
      commands: await commandCounts(rig, settledAt - lastRepairAt),
      credentials: await credentialCheck(rig),
      events: await eventCheck(rig),
      http: (() => {
        const bad = probes.filter((p) => !p.ok && !windows.some((w) => p.end >= w.from && p.at <= w.to));
        return { probes: probes.length, badOutsideFaults: bad.length, bad: bad.slice(0, 10).map((p) => p.what) };
      })(),
    };
    return report;
  } finally {
    await rig.stop();
  }
}

function percentiles(values: number[]): { p50: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  return { p50: s[Math.floor((s.length - 1) / 2)] ?? 0, max: s.at(-1) ?? 0 };
}

async function commandCounts(rig: ChaosRig, settledAfterLastFaultMs: number): Promise<ChaosReport['commands']> {
  const rows = await rig.db.db
    .selectFrom('command')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('object_key', 'like', 'card:%')
    .groupBy('status')
    .execute();
  const n = (statuses: readonly number[]) => rows.filter((r) => statuses.includes(r.status)).reduce((a, r) => a + r.n, 0);
  return {
    total: n(Object.values(CMD_STATUS)),
    unsettled: n(pending),
    failed: n([CMD_STATUS.failed]),
    settledAfterLastFaultMs: Number.isNaN(settledAfterLastFaultMs) ? Number.POSITIVE_INFINITY : settledAfterLastFaultMs,
  };
}

/** Each unit's cards against its latest command per card (a put: held; a delete: not). */
async function credentialCheck(rig: ChaosRig): Promise<ChaosReport['credentials']> {
  const { rows } = await sql<{ serial: string; object_key: string; kind: string }>`
    select distinct on (c.device_id, c.object_key) d.serial, c.object_key, c.kind
    from command c join device d on d.id = c.device_id
    where c.object_key like 'card:%'
    order by c.device_id, c.object_key, c.id desc`.execute(rig.db.db);
  const should = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!should.has(r.serial)) should.set(r.serial, new Set());
    if (r.kind === 'card.put') should.get(r.serial)?.add(r.object_key.slice('card:'.length));
  }
  const mismatched: string[] = [];
  for (const d of rig.fleet.devices) {
    const want = [...(should.get(d.serial) ?? [])].sort().join(',');
    const has = [...d.state.cards.keys()].sort().join(',');
    if (want !== has) mismatched.push(`${d.serial}: holds [${has}], should hold [${want}]`);
  }
  return { units: rig.fleet.devices.length, mismatched };
}

async function eventCheck(rig: ChaosRig): Promise<ChaosReport['events']> {
  const sent = rig.fleet.devices.flatMap((d) => d.sent.map((e) => e.eid));
  const { rows } = await sql<{ eid: string; n: number }>`
    select eid, count(*)::int as n from access_event where eid = any(${sent}) group by eid`.execute(rig.db.db);
  return {
    sent: sent.length,
    stored: rows.length,
    lost: sent.length - rows.length,
    storedTwice: rows.filter((r) => r.n > 1).length,
  };
}

/** The report as lines for a person. */
export function describeChaos(r: ChaosReport): string[] {
  return [
    `faults injected: ${r.faults.length} (${FAULT_KINDS.map((k) => `${k} ${r.faults.filter((f) => f.kind === k).length}`).join(', ')})`,
    ...r.faults.map((f) => `  ${f.what}: held ${f.heldMs} ms, recovered ${f.recoveredMs ?? 'never'} ms after the repair`),
    `recovery after a repair: p50 ${r.recoveryMs.p50} ms, max ${r.recoveryMs.max} ms`,
    `changes: ${r.changes.issued} issued, ${r.changes.refused} refused during faults`,
    `commands: ${r.commands.total}, unsettled ${r.commands.unsettled}, failed ${r.commands.failed}, all settled ${r.commands.settledAfterLastFaultMs} ms after the last repair`,
    `credentials: ${r.credentials.units - r.credentials.mismatched.length} of ${r.credentials.units} units hold what the database says`,
    ...r.credentials.mismatched.slice(0, 5).map((m) => `  ${m}`),
    `events: ${r.events.sent} sent, ${r.events.stored} stored, ${r.events.lost} lost, ${r.events.storedTwice} stored twice`,
    `health probes: ${r.http.probes}, ${r.http.badOutsideFaults} failed outside the fault windows`,
    ...r.http.bad.map((b) => `  ${b}`),
  ];
}
