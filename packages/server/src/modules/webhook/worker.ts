import { DELIVERY_STATUS, msg, WEBHOOK_DISABLE_AFTER, WEBHOOK_SIGNATURE_HEADER } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { CMD_STATUS } from '@gatehouse/contracts';
import { accessNews, type News } from '../../devices/news.ts';
import type { DeliveryResult, Metrics } from '../../metrics/metrics.ts';
import { AppError } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { deliveriesPart, enqueueMany } from './delivery-queue.ts';
import { secretBox, signatureHeader } from './signing.ts';
import { assertPublicUrl } from './url-guard.ts';

/** How long a claimed row stays with its instance (longer than the request timeout). */
const LOCK_SECONDS = 120;
/** A receiver gets this long to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A delivery is retried for a day, then given up. */
const GIVE_UP_MS = 24 * 3600_000;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min, … doubling, at most 3 h (about 14 tries in a day). */
export const backoffMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3 * 3600_000);

type WorkerConfig = Pick<Config, 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_SECRET_KEY'> & { dataDir: string };

interface Claimed {
  id: number;
  webhook_id: number;
  kind: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_enc: string;
}

/** The outcome of one attempt. */
interface Attempt {
  ok: boolean;
  code: number;
  error: string;
}

/** Sends one delivery: resolved addresses checked, signed, no redirects followed, a timeout. */
async function attempt(config: WorkerConfig, row: Claimed): Promise<Attempt> {
  try {
    await assertPublicUrl(row.url, config.WEBHOOK_ALLOW_PRIVATE);
  } catch (e) {
    const ref = e instanceof AppError ? (e.msgs[0] ?? '') : String(e);
    return { ok: false, code: 0, error: t('en', ref) };
  }
  let secret: string;
  try {
    secret = secretBox(config).open(row.secret_enc);
  } catch {
    return { ok: false, code: 0, error: 'secret cannot be decrypted (WEBHOOK_SECRET_KEY changed?)' };
  }
  const ts = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(row.url, {
      method: 'POST',
      body: row.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Gatehouse-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, row.body, ts),
        'Gatehouse-Event': row.kind,
        'Gatehouse-Delivery': String(row.id),
      },
    });
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { ok: true, code: res.status, error: '' };
    const redirect = res.status >= 300 && res.status < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, code: res.status, error: `HTTP ${res.status}${redirect}` };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const why =
      err.name === 'TimeoutError'
        ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : (err.cause?.code ?? err.cause?.message ?? err.message);
    return { ok: false, code: 0, error: why.slice(0, 400) };
  }
}

/**
 * Writes an attempt's outcome: delivered; or retried later, given up after a day; the webhook disabled
 * after repeated failure. Answers which (metrics).
 */
async function record(db: Db, row: Claimed, a: Attempt): Promise<DeliveryResult> {
  const ping = row.kind === 'ping';
  const giveUp = !a.ok && (ping || Date.now() - new Date(row.created_at).getTime() >= GIVE_UP_MS);
  await db.transaction().execute(async (trx) => {
    if (a.ok) {
      await trx
        .updateTable('webhook_delivery')
        .set({
          status: DELIVERY_STATUS.delivered,
          response_code: a.code,
          last_error: '',
          delivered_at: sql<Date>`now()`,
          locked_until: null,
        })
        .where('id', '=', row.id)
        .execute();
      await trx
        .updateTable('webhook')
        .set({ last_delivery_at: sql<Date>`now()`, ...(ping ? {} : { consecutive_failures: 0, failing_since: null }) })
        .where('id', '=', row.webhook_id)
        .execute();
      return;
    }
    await trx
      .updateTable('webhook_delivery')
      .set({
        status: giveUp ? DELIVERY_STATUS.failed : DELIVERY_STATUS.pending,
        response_code: a.code,
        last_error: a.error.slice(0, 500),
        next_at: sql<Date>`now() + ${`${backoffMs(row.attempts)} milliseconds`}::interval`,
        locked_until: null,
      })
      .where('id', '=', row.id)
      // Cancelled meanwhile (the webhook was disabled or edited): it stays cancelled.
      .where('status', '=', DELIVERY_STATUS.pending)
      .execute();
    if (ping) return;
    const hook = await trx
      .updateTable('webhook')
      .set({
        consecutive_failures: sql<number>`consecutive_failures + 1`,
        failing_since: sql<Date>`coalesce(failing_since, now())`,
        last_delivery_at: sql<Date>`now()`,
      })
      .where('id', '=', row.webhook_id)
      .returning(['consecutive_failures', 'failing_since', 'enabled'])
      .executeTakeFirst();
    if (!hook?.enabled) return;
    const tooMany = hook.consecutive_failures >= WEBHOOK_DISABLE_AFTER.failures;
    const tooLong = hook.failing_since !== null && Date.now() - new Date(hook.failing_since).getTime() >= WEBHOOK_DISABLE_AFTER.ms;
    if (!tooMany && !tooLong) return;
    await trx
      .updateTable('webhook')
      .set({
        enabled: false,
        disabled_reason: tooMany ? msg('webhook.disabledAfterFailures', { n: hook.consecutive_failures }) : 'webhook.disabledAfterDay',
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', row.webhook_id)
      .execute();
    await trx
      .updateTable('webhook_delivery')
      .set({ status: DELIVERY_STATUS.cancelled, last_error: 'webhook disabled' })
      .where('webhook_id', '=', row.webhook_id)
      .where('status', '=', DELIVERY_STATUS.pending)
      .execute();
  });
  return a.ok ? 'delivered' : giveUp ? 'failed' : 'retry';
}

const CLAIMED_COLUMNS = sql`d.id, d.webhook_id, d.kind, d.body, d.attempts, d.created_at, w.url, w.secret_enc`;

/** Deliveries of one webhook in flight at once, per instance. */
export const PER_WEBHOOK = 4;

/**
 * Claims due deliveries (status pending, next_at passed, not held by another instance): at most
 * `perHook` of each webhook, none of the webhooks in `busy` (their lanes are still running here),
 * `limit` in all. Each webhook's are read by its own index in order, with `for update skip locked`,
 * in one short statement; they are sent outside it.
 */
async function claimDue(db: Db, limit: number, perHook: number, busy: number[]): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update webhook_delivery d set locked_until = now() + ${`${LOCK_SECONDS} seconds`}::interval, attempts = d.attempts + 1
    from webhook w
    where w.id = d.webhook_id and d.id in (
      select x.id from webhook h cross join lateral (
        select x.id, x.next_at from webhook_delivery x
        where x.webhook_id = h.id and x.status = ${DELIVERY_STATUS.pending} and x.next_at <= now()
          and (x.locked_until is null or x.locked_until < now())
        order by x.next_at, x.id limit ${perHook}
        for update of x skip locked) x
      where h.enabled and not (h.id = any(${busy}::int[]))
      order by x.next_at, x.id limit ${limit})
    returning ${CLAIMED_COLUMNS}`.execute(db);
  return rows;
}

/** Sends one webhook's claimed deliveries, in order, one after the other. */
async function runLane(db: Db, config: WorkerConfig, rows: Claimed[], metrics?: Metrics | null): Promise<void> {
  for (const r of rows) {
    const result = await record(db, r, await attempt(config, r));
    metrics?.webhookDelivery(result);
  }
}

const byWebhook = (rows: Claimed[]) => {
  const lanes = new Map<number, Claimed[]>();
  for (const r of rows) lanes.set(r.webhook_id, [...(lanes.get(r.webhook_id) ?? []), r]);
  return lanes;
};

/**
 * Claims due deliveries and sends them, each webhook in a lane of its own (a slow receiver holds up
 * only its own deliveries), and waits for them all. Answers how many were attempted.
 */
export async function runDueDeliveries(db: Db, config: WorkerConfig, limit = 20, metrics?: Metrics | null): Promise<number> {
  const rows = await claimDue(db, limit, limit, []);
  await Promise.all([...byWebhook(rows).values()].map((lane) => runLane(db, config, lane, metrics)));
  return rows.length;
}

/**
 * The delivery lanes of one instance: each poll claims for the webhooks without a lane running here
 * (at most PER_WEBHOOK each, `lanes` webhooks at once) and starts their lanes without waiting for
 * them, so one slow receiver (answering in 9 s, or not at all within DELIVERY_TIMEOUT_MS) delays
 * none of the others. Answers how many were claimed.
 */
export function deliveryLanes(db: Db, config: WorkerConfig, lanes = 32, metrics?: Metrics | null) {
  const running = new Map<number, Promise<void>>();
  return {
    async poll(onError: (e: unknown) => void): Promise<number> {
      const free = lanes - running.size;
      if (free <= 0) return 0;
      const rows = await claimDue(db, free * PER_WEBHOOK, PER_WEBHOOK, [...running.keys()]);
      for (const [hook, list] of byWebhook(rows)) {
        const lane = runLane(db, config, list, metrics)
          .catch(onError)
          .finally(() => running.delete(hook));
        running.set(hook, lane);
      }
      return rows.length;
    },
    /** Waits for the lanes running now. */
    async idle(): Promise<void> {
      await Promise.all(running.values());
    },
  };
}

/** Sends one pending delivery now, whatever its schedule (the "send test" button); answers false if another instance holds it. */
export async function deliverNow(db: Db, config: WorkerConfig, deliveryId: number, metrics?: Metrics | null): Promise<boolean> {
  const { rows } = await sql<Claimed>`
    update webhook_delivery d set locked_until = now() + ${`${LOCK_SECONDS} seconds`}::interval, attempts = d.attempts + 1
    from webhook w
    where w.id = d.webhook_id and d.id in (
      select x.id from webhook_delivery x where x.id = ${deliveryId} and x.status = ${DELIVERY_STATUS.pending}
      for update skip locked)
    returning ${CLAIMED_COLUMNS}`.execute(db);
  const row = rows[0];
  if (!row) return false;
  const result = await record(db, row, await attempt(config, row));
  metrics?.webhookDelivery(result);
  return true;
}

/** Device news that webhooks carry: access events (with the intake's write), units online/offline, failed commands. */
export function listenForWebhooks(db: Db, news: News, onError: (e: unknown) => void): () => void {
  const run = (p: Promise<unknown>) => void p.catch(onError);
  const offs = [
    // Access events: queued by the intake's statement that follows their storing (one round trip with the live rows).
    news.onWrite('access', (rows) => [
      deliveriesPart(
        'webhook_access',
        'access',
        rows.map((r) => {
          const n = accessNews(r);
          return { ...n, time: n.time.toISOString() };
        }),
      ),
    ]),
    news.on('device', (n) => run(enqueueMany(db, n.online ? 'device.online' : 'device.offline', [n]))),
    news.on('command', (list) =>
      run(
        enqueueMany(
          db,
          'command.failed',
          list.filter((n) => n.status === CMD_STATUS.failed),
        ),
      ),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/**
 * The background side of webhooks: enqueues device news, and polls the queued deliveries (webhook_delivery) every
 * WEBHOOK_POLL_MS (0: no polling, e.g. tests that run `runDueDeliveries` themselves).
 */
export function startWebhooks(
  deps: { db: Db; config: WorkerConfig & Pick<Config, 'WEBHOOK_POLL_MS'>; news: News; metrics: Metrics | null },
  onError: (e: unknown) => void,
): { stop(): Promise<void> } {
  const stopListening = listenForWebhooks(deps.db, deps.news, onError);
  const lanes = deliveryLanes(deps.db, deps.config, undefined, deps.metrics);
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    running = lanes
      .poll(onError)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, deps.config.WEBHOOK_POLL_MS);
      });
  };
  if (deps.config.WEBHOOK_POLL_MS > 0) timer = setTimeout(loop, deps.config.WEBHOOK_POLL_MS);
  return {
    async stop() {
      stopped = true;
      stopListening();
      if (timer) clearTimeout(timer);
      await running;
      await lanes.idle();
    },
  };
}
