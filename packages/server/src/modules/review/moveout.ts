import {
  CMD_KIND,
  CMD_STATUS,
  HARDWARE,
  LEAF_MENUS,
  type MoveOutDone,
  type MoveOutItem,
  type MoveOutPreview,
  type MoveOutProgress,
  msg,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { withPlaceNames } from '../../db/names.ts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { foundInScope } from '../../http/scope.ts';
import { cardDeleteCommand } from '../holder/cards.ts';
import { queueLiftFiles } from '../holder/lifts.ts';
import { eraseFaces } from '../privacy/erase-faces.ts';
import { removeKept } from '../../http/uploads.ts';
import { holdingUnitsOf, liftUnits, placesByCredential } from '../../devices/places.ts';
import { qrRevokeCommand, qrUnits } from '../holder/qr.ts';
import { credentialsOf, placesOf, resolveSubject } from './review.ts';
import type { Credential } from '../../devices/places.ts';
import { anyBigint, anyInt, deleteRows } from '../../db/sql.ts';

type Subj = { account?: string; addressId?: number };
const ALL_MENUS = new Set(LEAF_MENUS.map((m) => m.id));

/**
 * The credentials a move-out removes, with their places. Refused (403) when the subject
 * holds a credential the caller may not manage (a card type or faces without the menu):
 * a move-out takes everything or nothing.
 */
async function gather(ctx: AuthCtx, i: Subj, db: Kysely<DB>) {
  const r = await resolveSubject(ctx, i, db);
  const creds = await credentialsOf(ctx, r.subject, db);
  const every = await credentialsOf({ ...ctx, caller: { ...ctx.caller, menuIds: ALL_MENUS } }, r.subject, db);
  const managed = (c: Credential) => c.kind !== 'qrcode';
  if (every.filter(managed).length !== creds.filter(managed).length) throw forbidden('review.menuMissing');
  const places = await placesOf(ctx, creds, db);
  const devices = await db
    .selectFrom('device')
    .select(['address_id', 'hardware'])
    .where('address_id', '=', anyInt([...new Set(places.map((p) => p.gateId))]))
    .execute();
  const withDevice = new Set(devices.map((d) => d.address_id as number));
  // Units that read QR codes: they get the revocations of the visitor QR codes (qr.revoke).
  const qrReaders = new Set(devices.filter((d) => d.hardware & HARDWARE.qrcode).map((d) => d.address_id as number));
  return { ...r, creds, places, withDevice, qrReaders };
}

function describe(g: Awaited<ReturnType<typeof gather>>): MoveOutPreview {
  const mine = placesByCredential(g.places);
  const items: MoveOutItem[] = g.creds.map((c) => ({
    kind: c.kind,
    id: c.id,
    label: c.label,
    account: c.account,
    address: c.address,
    units: [
      ...new Set(
        mine(c)
          .filter((p) => g.withDevice.has(p.gateId) && (p.objectKey || (p.kind === 'qrcode' && g.qrReaders.has(p.gateId))))
          .map((p) => (p.objectKey === 'ladder' ? `${p.gateName} (${p.detail})` : p.gateName)),
      ),
    ],
  }));
  // One delete per unit holding a card or face (its own entries and its groups' units), one lift file per unit naming one.
  const deletes = g.creds
    .filter((c) => c.kind !== 'qrcode')
    .reduce((n, c) => n + holdingUnitsOf(mine(c)).filter((u) => g.withDevice.has(u)).length, 0);
  const lifts = liftUnits(g.places).filter((u) => g.withDevice.has(u)).length;
  // One revocation per unit a visitor QR code works on (its own unit and its groups' units) that reads QR codes.
  const revokes = g.creds
    .filter((c) => c.kind === 'qrcode')
    .reduce((n, c) => n + qrUnits(g.places, c.id).filter((u) => g.qrReaders.has(u)).length, 0);
  return { subject: g.text, items, commands: deletes + lifts + revokes };
}

/** previewMoveOut: what the move-out would remove and where; changes nothing. */
export async function previewMoveOut(ctx: AuthCtx, i: Subj): Promise<MoveOutPreview> {
  return describe(await gather(ctx, i, ctx.db));
}

/**
 * moveOut: in one transaction every card and face of the subject is deleted (with its
 * door-unit and lift entries and its access-group memberships), each unit holding one (its
 * own entries and its groups' units) gets a delete, units whose lift file named one (own lift
 * control, group lift floors) get the new file, and the visitor QR codes end now, withdrawn from
 * every unit they work on (`qr.revoke`, refused there until their signed expiry). One op-log entry
 * lists it all; the commands are kept with the move-out for its progress.
 */
export async function moveOut(ctx: AuthCtx, i: Subj & { reason?: string }): Promise<MoveOutDone> {
  let photos: string[] = [];
  const done = await withCommands(ctx, async (trx, q) => {
    const g = await gather(ctx, i, trx);
    if (!g.creds.length) throw badRequest('review.nothingToMoveOut');
    const preview = describe(g);
    const cards = g.creds.filter((c) => c.kind === 'card');
    const faces = g.creds.filter((c) => c.kind === 'face');
    const qrs = g.creds.filter((c) => c.kind === 'qrcode');
    await deleteRows(trx, 'card', cards);
    // The codes end now; their signed expiry is kept, the units refuse them until then (qr.revoke).
    const revoked = qrs.length
      ? await trx
          .updateTable('visitor_qrcode')
          .set({ revoked_until: sql<Date>`validto`, validto: sql<Date>`now()` })
          .where(
            'id',
            'in',
            qrs.map((c) => c.id),
          )
          .returning(['id', 'revoked_until', 'user_regno'])
          .execute()
      : [];
    // Withdrawn from every unit that holds them: their own entries and their groups' units (the group rows go with the card or face).
    const mine = placesByCredential(g.places);
    await q.addMany(
      cards.map((c) => ({ to: holdingUnitsOf(mine(c)), cmds: [cardDeleteCommand({ card_no: c.label, account: c.account })] })),
    );
    // The faces go by the erasure path: each unit holding one gets its face.delete, an erasure record keeps the receipts.
    ({ photos } = await eraseFaces(
      trx,
      q,
      ctx,
      faces.map((c) => ({
        id: c.id,
        account: c.account,
        user_name: c.userName,
        community_id: c.communityId,
        photo_file_id: c.photoFileId as number,
        units: holdingUnitsOf(mine(c)),
      })),
      'moveout',
    ));
    await queueLiftFiles(trx, q, liftUnits(g.places));
    for (const r of revoked)
      await q.add(
        qrUnits(g.places, Number(r.id)).filter((u) => g.qrReaders.has(u)),
        [qrRevokeCommand(Number(r.id), r.revoked_until as Date, r.user_regno)],
      );
    const communityId = g.communityId ?? g.creds[0]?.communityId ?? null;
    const row = await trx
      .insertInto('moveout')
      .values({
        community_id: communityId,
        subject_kind: i.addressId !== undefined ? 'address' : 'account',
        subject: g.text.slice(0, 200),
        reason: i.reason ?? '',
        account_id: ctx.caller.accountId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (q.commandIds.length)
      await sql`insert into moveout_command (moveout_id, command_id)
        select ${row.id}, c from unnest(${q.commandIds.map(String)}::bigint[]) as c`.execute(trx);
    const list = preview.items.map((it) => `${it.kind}:${it.label}`).join(', ');
    await writeOpLog(trx, ctx, {
      menu: 'access.review',
      content: msg('op.review.moveOut', { subject: g.text, list }),
      communityId,
      before: { moveOutId: row.id, reason: i.reason ?? '', items: preview.items },
    });
    return { id: row.id, items: g.creds.length, commands: q.commandIds.length };
  });
  if (photos.length) await removeKept(ctx.config, photos);
  return done;
}

/** A move-out the caller may see (404 / 403 out of scope). */
async function loadMoveOut(ctx: AuthCtx, id: number) {
  return foundInScope(ctx.db, ctx.caller, await ctx.db.selectFrom('moveout').selectAll().where('id', '=', id).executeTakeFirst());
}

/**
 * The move-out's commands and their state. A command superseded by a newer one of the
 * same object on the same device counts as that newer command's state; one cancelled by a
 * full configuration (resync, replacement) as the state of that configuration's reset.
 */
export async function moveOutProgress(ctx: AuthCtx, id: number): Promise<MoveOutProgress> {
  const m = await loadMoveOut(ctx, id);
  const sent = ctx.db
    .selectFrom('moveout_command as mc')
    .innerJoin('command as c', 'c.id', 'mc.command_id')
    .select([
      'c.id',
      'c.device_id',
      'c.object_key',
      'c.kind',
      'c.status',
      'c.info',
      'c.updated_at',
      // superseded by a newer command of the object, or cancelled by a full configuration (its reset clears the unit)
      sql<number | null>`coalesce(
        (select max(n.id) from command n where n.device_id = c.device_id and n.object_key = c.object_key and n.object_key <> '' and n.id > c.id),
        (select min(n.id) from command n where n.device_id = c.device_id and n.kind = ${sql.lit(CMD_KIND.reset)} and n.id > c.id))`.as(
        'newer',
      ),
    ])
    .where('mc.moveout_id', '=', id)
    .orderBy('c.id');
  const rows = await withPlaceNames(sent, { gate: 'c.address_id' }).execute();
  const newerIds = rows
    .map((r) => r.newer)
    .filter((n): n is number => n !== null)
    .map(Number);
  const newer = new Map(
    newerIds.length
      ? (await ctx.db.selectFrom('command').select(['id', 'status']).where('id', '=', anyBigint(newerIds)).execute()).map((r) => [
          Number(r.id),
          r.status,
        ])
      : [],
  );
  const tz = ctx.config.TZ_NAME;
  // Only the latest command of an object on a device counts (a Resend or a later change supersedes).
  const newest = new Map<string, number>();
  for (const r of rows)
    if (r.object_key)
      newest.set(`${r.device_id}|${r.object_key}`, Math.max(Number(r.id), newest.get(`${r.device_id}|${r.object_key}`) ?? 0));
  const latest = rows.filter((r) => !r.object_key || newest.get(`${r.device_id}|${r.object_key}`) === Number(r.id));
  const commands = latest.map((r) => {
    const status = r.status === CMD_STATUS.cancelled && r.newer !== null ? (newer.get(Number(r.newer)) ?? r.status) : r.status;
    return {
      id: Number(r.id),
      gateName: r.gate_name ?? '',
      kind: r.kind,
      object: r.object_key,
      status,
      info: r.info ? t(ctx.lang, r.info) : '',
      updatedAt: formatDateTime(r.updated_at, tz),
    };
  });
  const acked = commands.filter((c) => c.status === CMD_STATUS.success).length;
  const failed = commands.filter((c) => c.status === CMD_STATUS.failed).length;
  return {
    id: m.id,
    subject: m.subject,
    reason: m.reason,
    createdAt: formatDateTime(m.created_at, tz),
    total: commands.length,
    acked,
    failed,
    done: acked === commands.length,
    commands,
  };
}

/** resendMoveOut: the failed commands of the move-out are queued again (op log). */
export async function resendMoveOut(ctx: AuthCtx, id: number): Promise<number> {
  const m = await loadMoveOut(ctx, id);
  const progress = await moveOutProgress(ctx, id);
  const failed = progress.commands.filter((c) => c.status === CMD_STATUS.failed).map((c) => c.id);
  if (!failed.length) return 0;
  const devices = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('command')
      .set({ status: CMD_STATUS.notSent, info: '', updated_at: sql<Date>`now()` })
      .where('id', '=', anyBigint(failed))
      .where('status', '=', CMD_STATUS.failed)
      .returning('device_id')
      .execute();
    await writeOpLog(trx, ctx, {
      menu: 'access.review',
      content: msg('op.review.resend', { subject: m.subject, n: rows.length }),
      communityId: m.community_id,
      after: { moveOutId: m.id, commands: failed },
    });
    return rows.map((r) => r.device_id);
  });
  ctx.devices.dispatch(new Set(devices));
  return devices.length;
}
