import crypto from 'node:crypto';
import type { WebhookDeliveryKind } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { WritePart } from '../../devices/news.ts';

/** What a receiver gets: the delivery's event id (the same on every retry), kind, time and data. */
export interface WebhookBody {
  id: string;
  kind: WebhookDeliveryKind;
  createdAt: string;
  data: unknown;
}

export const webhookBody = (kind: WebhookDeliveryKind, data: unknown, now = new Date()): WebhookBody => ({
  id: crypto.randomUUID(),
  kind,
  createdAt: now.toISOString(),
  data,
});

/**
 * Queues one delivery of a news item for every enabled webhook that asked for its kind
 * (a webhook_delivery row each, inside the caller's transaction when there is one, so the news and its
 * deliveries commit together). Answers the number of deliveries queued.
 */
export async function enqueueWebhooks(db: Kysely<DB>, kind: WebhookDeliveryKind, data: unknown): Promise<number> {
  const body = webhookBody(kind, data);
  const res = await sql`
    insert into webhook_delivery (webhook_id, kind, event_id, body)
    select id, ${kind}, ${body.id}, ${JSON.stringify(body)} from webhook
    where enabled and kinds @> ${JSON.stringify([kind])}::jsonb`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Queues several news items of one kind (one query to find the webhooks, one insert). */
export async function enqueueMany(db: Kysely<DB>, kind: WebhookDeliveryKind, items: unknown[]): Promise<number> {
  if (!items.length) return 0;
  const hooks = await db
    .selectFrom('webhook')
    .select('id')
    .where('enabled', '=', true)
    .where(sql<boolean>`kinds @> ${JSON.stringify([kind])}::jsonb`)
    .execute();
  if (!hooks.length) return 0;
  const bodies = items.map((d) => webhookBody(kind, d));
  const rows = hooks.flatMap((h) => bodies.map((b) => ({ webhook_id: h.id, kind, event_id: b.id, body: JSON.stringify(b) })));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('webhook_delivery')
      .values(rows.slice(i, i + 1000))
      .execute();
  return rows.length;
}

/**
 * The same deliveries as a part of the one statement that follows stored device news (`News.write`):
 * the enabled webhooks that asked for `kind` are read in it, and each gets every item in order.
 */
export function deliveriesPart(name: string, kind: WebhookDeliveryKind, items: unknown[]): WritePart {
  const bodies = items.map((d) => webhookBody(kind, d));
  return {
    name,
    body: sql`insert into webhook_delivery (webhook_id, kind, event_id, body)
      select w.id, ${kind}::varchar, b.event_id, b.body
      from webhook w
      cross join unnest(${bodies.map((b) => b.id)}::text[], ${bodies.map((b) => JSON.stringify(b))}::text[]) with ordinality as b(event_id, body, n)
      where w.enabled and w.kinds @> ${JSON.stringify([kind])}::jsonb
      order by w.id, b.n
      returning id`,
  };
}
