import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ADDRESS_TYPE, type ParsedInput, type RouteDef, type RouteInput } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { menuIdsOf } from '../http/auth.ts';
import type { AuthCtx, Services } from '../http/context.ts';
import { formatDateTime, parseDateTime } from '../http/dates.ts';
import type { UploadedFile } from '../http/uploads.ts';

/**
 * What the demo's history is made with: who does it, when (`doneAt` backdates what a piece
 * of work leaves), and the first community it happens in.
 */

/** The demo supervisor (物业主管, role 4) does the demo's history: its op log and messages are his. */
export const SUPERVISOR = '13900000004';
/** Days of history before now. */
export const DAYS = 3;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A caller context for an account, as if it had signed in (history is made through the services). */
export async function actAs(services: Services, regNo: string): Promise<AuthCtx> {
  const a = await services.db
    .selectFrom('account')
    .select(['id', 'role_id', 'reg_no', 'name', 'community_id'])
    .where('reg_no', '=', regNo)
    .executeTakeFirstOrThrow();
  const menuIds = await menuIdsOf(services.db, a.id, a.role_id);
  return {
    ...services,
    lang: 'zh-CN',
    ip: '127.0.0.1',
    caller: { sessionId: 0, accountId: a.id, roleId: a.role_id, regNo: a.reg_no, name: a.name, communityId: a.community_id ?? 0, menuIds },
  };
}

/** A file as an upload would leave it (in DATA_DIR/tmp); the service moves what it keeps. */
export async function upload(services: Services, filename: string, mimetype: string, body: Buffer): Promise<UploadedFile> {
  const dir = path.join(services.config.dataDir, 'tmp');
  await fs.promises.mkdir(dir, { recursive: true });
  const p = path.join(dir, crypto.randomUUID());
  await fs.promises.writeFile(p, body);
  return { field: 'file', filename, mimetype, path: p, size: body.length, truncated: false };
}

/** Start of the day `daysAgo` days before now in the server's time zone, plus `minutes`. */
export function dayAt(tz: string, now: Date, daysAgo: number, minutes: number): Date {
  const day = formatDateTime(new Date(now.getTime() - daysAgo * DAY), tz).slice(0, 10);
  return new Date((parseDateTime(day, tz) as Date).getTime() + minutes * 60_000);
}

/** Rows a piece of office work leaves, with the column of its time. */
const DATED = [
  ['op_log', 'addtime', 'account_id'],
  ['message', 'created_at', 'creator_id'],
  ['notice', 'created_at', 'creator_id'],
  ['visitor_qrcode', 'created_at', 'account_id'],
] as const;

/**
 * Does `work` as if at `time` (a moment in the past): the op log rows, messages,
 * notices and QR records it makes (the caller's, newer than before) get that time, so
 * the history spans the last days.
 */
export async function doneAt<T>(ctx: AuthCtx, time: Date, work: () => Promise<T>): Promise<T> {
  const { db } = ctx;
  const last = async (table: string) =>
    Number((await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
  const before = await Promise.all(DATED.map(([table]) => last(table)));
  const out = await work();
  for (const [i, [table, column, actor]] of DATED.entries())
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${time}
      where id > ${before[i]} and ${sql.ref(actor)} = ${ctx.caller.accountId}`.execute(db);
  return out;
}

/** Saves what the route's dialog would send (checked by the route's input schema), as if at `time`. */
export function savedAt<R extends RouteDef, O>(
  ctx: AuthCtx,
  time: Date,
  route: R,
  save: (ctx: AuthCtx, input: ParsedInput<R>) => Promise<O>,
  input: RouteInput<R>,
): Promise<O> {
  return doneAt(ctx, time, () => save(ctx, route.input.parse(input) as ParsedInput<R>));
}

/**
 * The demo's first community and its door units, households and devices (DEMO-…),
 * as seeded by data.ts and devices.ts.
 */
export async function firstCommunity(services: Services) {
  const c = await services.db.selectFrom('community').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirstOrThrow();
  const addresses = await services.db
    .selectFrom('address as a')
    .leftJoin('device as d', 'd.address_id', 'a.id')
    .select(['a.id', 'a.address', 'a.type', 'd.serial', 'd.unit_kind'])
    .where('a.community_id', '=', c.id)
    .orderBy('a.id')
    .execute();
  const doors = addresses.filter((a) => a.type === ADDRESS_TYPE.doorUnit);
  const homes = addresses.filter((a) => a.type === ADDRESS_TYPE.householder);
  return { ...c, doors, homes };
}
