import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import type { UnitReports, UnitRoute } from '../../adapters/contract.ts';
import { fromPush, toProtocolEvent } from './events.ts';

/**
 * The listening host terminals post their events to (docs/devices/hikvision.md "Events"):
 * `POST /hik/events?unit=<serial>&sig=<HMAC-SHA256 of the serial>`. The signature, made with a
 * key only the server knows (`hik_callback_key`), is in the address the server configured on the
 * terminal, so nobody else can post events in a terminal's name.
 */

export const EVENT_PATH = '/hik/events';
/** A pushed event with its picture stays small; anything bigger is refused. */
const BODY_LIMIT = 2 * 1024 * 1024;

/** The callback key: made once (any instance), then read. */
export async function callbackKey(db: Db): Promise<Buffer> {
  await db
    .insertInto('hik_callback_key')
    .values({ id: 1, secret: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('hik_callback_key').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

export const signUnit = (key: Buffer, serial: string): string =>
  crypto.createHmac('sha256', key).update(`hik-events:${serial}`).digest('base64url').slice(0, 32);

/** The address a terminal posts to, under the server's base URL as terminals reach it (DEVICE_CALLBACK_URL). */
export function eventUrl(base: string, key: Buffer, serial: string): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}${EVENT_PATH}`);
  url.searchParams.set('unit', serial);
  url.searchParams.set('sig', signUnit(key, serial));
  return url;
}

/** The JSON of a pushed body: the body itself, or the part of a multipart body that carries the event. */
async function readBody(body: Buffer, type: string): Promise<unknown> {
  if (type.startsWith('multipart/')) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    for (const [, v] of form) {
      if (typeof v !== 'string') continue;
      try {
        const j = JSON.parse(v) as { eventType?: unknown };
        if (j && typeof j === 'object' && j.eventType) return j;
      } catch {
        // another text part
      }
    }
    return null;
  }
  return JSON.parse(body.toString('utf8')) as unknown;
}

/** Marks a pushed event read when it follows the stored position (a gap is left for the catch-up search). */
export async function advanceIfNext(db: Db, serial: string, serialNo: number): Promise<void> {
  await sql`update hik_event_position set serial_no = ${serialNo}, updated_at = now()
    where device_id = (select id from device where serial = ${serial}) and serial_no = ${serialNo - 1}`.execute(db);
}

export function eventRoute(db: Db, reports: UnitReports, key: () => Promise<Buffer>): UnitRoute {
  const text = (status: number, body: string) => ({ status, type: 'text/plain', body });
  return {
    method: 'POST',
    url: EVENT_PATH,
    bodyLimit: BODY_LIMIT,
    async handle(req) {
      const serial = req.query.unit ?? '';
      const sig = req.query.sig ?? '';
      const want = Buffer.from(signUnit(await key(), serial));
      const got = Buffer.from(sig);
      if (!serial || got.length !== want.length || !crypto.timingSafeEqual(got, want)) return text(401, 'unauthorized');
      let body: unknown;
      try {
        body = await readBody(req.body, String(req.headers['content-type'] ?? ''));
      } catch {
        return text(400, 'unreadable event');
      }
      const ev = fromPush(body);
      const msg = ev && toProtocolEvent(ev);
      if (ev && msg) {
        // Refused (over the unit's rate) or not written: the position stays, so the log catch-up reads it again.
        if (await reports.events(serial, [msg])) await advanceIfNext(db, serial, ev.serialNo);
      } else if (ev && Number.isFinite(ev.serialNo)) await advanceIfNext(db, serial, ev.serialNo);
      // Heartbeat-type and other notifications are answered OK too: the terminal must not keep re-posting them.
      return text(200, 'OK');
    },
  };
}
