import {
  type DeliveryRow,
  type DeliveryStatus,
  msg,
  type Page,
  type WebhookDeliveryKind,
  type WebhookKind,
  type WebhookRow,
  type WebhookWithSecret,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import { pageAndTotal } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { listForLog } from '../../http/oplog-list.ts';
import { webhookBody } from './delivery-queue.ts';
import { newSecret, secretBox } from './signing.ts';
import { assertPublicUrl } from './url-guard.ts';
import { deliverNow } from './worker.ts';

const COLUMNS = [
  'id',
  'url',
  'kinds',
  'description',
  'enabled',
  'disabled_reason',
  'consecutive_failures',
  'created_at',
  'last_delivery_at',
] as const;

type Raw = {
  id: number;
  url: string;
  kinds: string[] | string;
  description: string;
  enabled: boolean;
  disabled_reason: string;
  consecutive_failures: number;
  created_at: Date;
  last_delivery_at: Date | null;
};

const present = (r: Raw, tz: string): WebhookRow => ({
  id: r.id,
  url: r.url,
  kinds: (typeof r.kinds === 'string' ? JSON.parse(r.kinds) : r.kinds) as WebhookKind[],
  description: r.description,
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  consecutiveFailures: r.consecutive_failures,
  createdAt: formatDateTime(r.created_at, tz),
  lastDeliveryAt: formatDateTime(r.last_delivery_at, tz),
});

/** Every webhook (administrators see all; they are not per community). */
export async function listWebhooks(ctx: AuthCtx): Promise<WebhookRow[]> {
  const rows = await ctx.db.selectFrom('webhook').select(COLUMNS).orderBy('id').execute();
  return rows.map((r) => present(r, ctx.config.TZ_NAME));
}

async function one(db: Kysely<DB>, id: number, tz: string): Promise<WebhookRow> {
  const r = await db.selectFrom('webhook').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  return present(r, tz);
}

/** Registers a webhook: the URL must resolve to public addresses (unless allowed); the secret is answered this once. */
export async function createWebhook(
  ctx: AuthCtx,
  input: { url: string; kinds: WebhookKind[]; description?: string },
): Promise<WebhookWithSecret> {
  await assertPublicUrl(input.url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  const secret = newSecret();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhook')
      .values({
        url: input.url,
        kinds: JSON.stringify(input.kinds),
        description: input.description ?? '',
        secret_enc: secretBox(ctx.config).seal(secret),
        created_by: ctx.caller.accountId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOpLog(trx, ctx, {
      menu: 'webhook',
      content: msg('op.webhook.create', { url: input.url }),
      after: { id: row.id, url: input.url, kinds: input.kinds, description: input.description ?? '' },
    });
    return row.id;
  });
  return { ...(await one(ctx.db, id, ctx.config.TZ_NAME)), secret };
}

/** Edits a webhook; enabling it again clears the failure count and the automatic reason. */
export async function updateWebhook(
  ctx: AuthCtx,
  input: { id: number; url: string; kinds: WebhookKind[]; description?: string; enabled?: '0' | '1' },
): Promise<WebhookRow> {
  const before = await one(ctx.db, input.id, ctx.config.TZ_NAME);
  await assertPublicUrl(input.url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  const enabled = input.enabled === undefined ? before.enabled : input.enabled === '1';
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook')
      .set({
        url: input.url,
        kinds: JSON.stringify(input.kinds),
        description: input.description ?? '',
        enabled,
        updated_at: sql<Date>`now()`,
        ...(enabled && !before.enabled ? { consecutive_failures: 0, failing_since: null, disabled_reason: '' } : {}),
        ...(!enabled && before.enabled ? { disabled_reason: '' } : {}),
      })
      .where('id', '=', input.id)
      .execute();
    if (!enabled && before.enabled) {
      await trx
        .updateTable('webhook_delivery')
        .set({ status: 3, last_error: 'webhook disabled' })
        .where('webhook_id', '=', input.id)
        .where('status', '=', 0)
        .execute();
    }
    await writeOpLog(trx, ctx, {
      menu: 'webhook',
      content: msg('op.webhook.update', { url: input.url }),
      before,
      after: { url: input.url, kinds: input.kinds, description: input.description ?? '', enabled },
    });
  });
  return one(ctx.db, input.id, ctx.config.TZ_NAME);
}

/** A new secret (answered once); the old one stops signing at once. */
export async function rotateSecret(ctx: AuthCtx, id: number): Promise<WebhookWithSecret> {
  const row = await one(ctx.db, id, ctx.config.TZ_NAME);
  const secret = newSecret();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook')
      .set({ secret_enc: secretBox(ctx.config).seal(secret), updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await writeOpLog(trx, ctx, { menu: 'webhook', content: msg('op.webhook.rotate', { url: row.url }), after: { id } });
  });
  return { ...row, secret };
}

export async function deleteWebhooks(ctx: AuthCtx, ids: number[]): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('webhook').where('id', 'in', ids).returning(['id', 'url']).execute();
    if (!gone.length) throw notFound();
    await writeOpLog(trx, ctx, {
      menu: 'webhook',
      content: msg('op.webhook.delete', {
        urls: listForLog(gone, (g) => g.url, 400),
      }),
      before: gone,
    });
    return gone.length;
  });
}

const presentDelivery = (
  r: {
    id: number | string;
    kind: string;
    event_id: string;
    status: number;
    attempts: number;
    response_code: number;
    last_error: string;
    created_at: Date;
    next_at: Date;
    delivered_at: Date | null;
  },
  tz: string,
): DeliveryRow => ({
  id: Number(r.id),
  kind: r.kind as WebhookDeliveryKind,
  eventId: r.event_id,
  status: r.status as DeliveryStatus,
  attempts: r.attempts,
  responseCode: r.response_code,
  lastError: r.last_error,
  createdAt: formatDateTime(r.created_at, tz),
  nextAttemptAt: r.status === 0 ? formatDateTime(r.next_at, tz) : '',
  deliveredAt: formatDateTime(r.delivered_at, tz),
});

const DELIVERY_COLUMNS = [
  'id',
  'kind',
  'event_id',
  'status',
  'attempts',
  'response_code',
  'last_error',
  'created_at',
  'next_at',
  'delivered_at',
] as const;

/** Delivers a `ping` now (whether or not the webhook is enabled) and answers the delivery; a failed ping is not retried. */
export async function sendTest(ctx: AuthCtx, id: number): Promise<DeliveryRow> {
  const hook = await one(ctx.db, id, ctx.config.TZ_NAME);
  const body = webhookBody('ping', { webhookId: id, message: 'Gatehouse webhook test' });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('webhook_delivery')
      .values({ webhook_id: id, kind: 'ping', event_id: body.id, body: JSON.stringify(body) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOpLog(trx, ctx, {
      menu: 'webhook',
      content: msg('op.webhook.test', { url: hook.url }),
      after: { id, delivery: Number(r.id) },
    });
    return r;
  });
  await deliverNow(ctx.db, ctx.config, Number(row.id), ctx.metrics);
  const d = await ctx.db.selectFrom('webhook_delivery').select(DELIVERY_COLUMNS).where('id', '=', Number(row.id)).executeTakeFirstOrThrow();
  return presentDelivery(d, ctx.config.TZ_NAME);
}

/** A webhook's delivery log, newest first. */
export async function listDeliveries(
  ctx: AuthCtx,
  input: { webhookId: number; page: number; rows: number; order?: 'asc' | 'desc' },
): Promise<Page<DeliveryRow>> {
  await one(ctx.db, input.webhookId, ctx.config.TZ_NAME);
  const base = ctx.db.selectFrom('webhook_delivery').where('webhook_id', '=', input.webhookId);
  const { rows, total } = await pageAndTotal(
    base,
    base
      .select(DELIVERY_COLUMNS)
      .orderBy('id', input.order === 'asc' ? 'asc' : 'desc')
      .limit(input.rows)
      .offset(input.page * input.rows),
  );
  return { total, rows: rows.map((r) => presentDelivery(r, ctx.config.TZ_NAME)) };
}
