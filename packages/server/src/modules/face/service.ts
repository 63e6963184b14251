import { ADDRESS_TYPE, type FaceDetail, type FaceRow, type faceRoutes, msg, type Page, type ParsedInput } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, listScope } from '../../http/scope.ts';
import { type CheckedPhoto, checkPhoto, decodePhoto } from '../../faces/photo.ts';
import { queueFaceState } from '../holder/faces.ts';
import { unitsOfFace } from '../holder/reach.ts';
import { FACE_FILE_KIND } from '../holder/kinds.ts';
import { insertPhotoRow, photoPath, readPhoto, writePhoto } from './photos.ts';
import { removeKept } from '../../http/uploads.ts';
import { FACE_COLUMNS, type FaceDbRow, faceBase, faceById, faceSnapshot as snapshot, visibleFace } from '../holder/access.ts';
import { toFaceRow } from './queries.ts';
import { liftUnitsOfHolder, queueLiftFiles } from '../holder/lifts.ts';
import { pageInOrder } from '../../db/sorted-page.ts';
import { assertOtherWayIn, recordConsent } from '../privacy/consent.ts';
import { likeArg as like } from '../../db/sql.ts';
import { cheapTotal } from '../../db/paging.ts';

type F = typeof faceRoutes;
const MENU = 'access.faceid' as const;
const SORT = { username: 'f.user_name', account: 'f.account', communityname: 'c.name', address: 'a.address', status: 'f.status' } as const;

/** getFaces: faces of the communities in scope (narrowed by the header's community). */
export async function facesPage(ctx: AuthCtx, i: ParsedInput<F['getFaces']>): Promise<Page<FaceRow>> {
  let q = faceBase(ctx.db, await listScope(ctx.db, ctx.caller));
  if (i.address) q = q.where('a.address', 'ilike', like(i.address));
  if (i.account) q = q.where('f.account', 'ilike', like(i.account));
  if (i.status) q = q.where('f.status', '=', i.status);
  // 200k faces and more: the total is exact up to 10k, then the planner's estimate, counted beside the page.
  const [{ total, estimated }, rows] = await Promise.all([
    cheapTotal(ctx.db, q.select(sql<number>`1`.as('x'))),
    pageInOrder(q.select([...FACE_COLUMNS]), i, SORT, 'account', 'f.id').execute(),
  ]);
  return { total, estimated, rows: rows.map(toFaceRow) };
}

export async function getFace(ctx: AuthCtx, id: number): Promise<FaceDetail> {
  const row = await visibleFace(ctx, id);
  const jpeg = await readPhoto(ctx.db, ctx.config, row.photo_file_id);
  if (jpeg) await photoViewed(ctx, row);
  return { ...toFaceRow(row), imgBase64: jpeg?.toString('base64') ?? '' };
}

/** getFacePhoto: the stored JPEG, to callers whose scope holds the face's community. */
export async function sendFacePhoto(ctx: AuthCtx, id: number, reply: FastifyReply): Promise<FastifyReply> {
  const row = await visibleFace(ctx, id);
  // A photo file is never rewritten (a new photo is a new file): its id is the version. The scope
  // check above runs on every request, a revalidation included; shared caches never keep it.
  // Every showing is recorded (issue 35 item 5), so the browser asks each time (a repeat is a 304).
  const etag = `"face-photo-${row.photo_file_id}"`;
  reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'token');
  if (reply.request.headers['if-none-match'] === etag) {
    await photoViewed(ctx, row);
    return reply.code(304).send();
  }
  const jpeg = await readPhoto(ctx.db, ctx.config, row.photo_file_id);
  if (!jpeg) throw notFound();
  await photoViewed(ctx, row);
  return reply.type('image/jpeg').send(jpeg);
}

/** A face photo shown in the browser: who (the op log's caller), when, whose face (docs/privacy.md). */
async function photoViewed(ctx: AuthCtx, row: FaceDbRow): Promise<void> {
  await writeOpLog(ctx.db, ctx, {
    menu: MENU,
    content: msg('op.face.photoView', { account: row.account, name: row.user_name }),
    communityId: row.community_id,
    after: { faceId: row.id, photoFileId: row.photo_file_id },
  });
}

/** checkFaceValid: the photo normalised, as base64 JPEG, or 400 naming what is wrong. */
export async function checkFace(i: ParsedInput<F['checkFaceValid']>): Promise<string> {
  const raw = decodePhoto(i.imgBase64);
  if (!raw) throw badRequest('face.photoMissing');
  return (await checkPhoto(raw)).jpeg.toString('base64');
}

/** The household must be a householder address of the face's community. */
async function householdErrors(
  db: Kysely<DB>,
  communityId: number,
  addressId: number,
): Promise<{ msgs: string[]; isVilla: number; address: string }> {
  const a = await db
    .selectFrom('address')
    .select(['community_id', 'type', 'is_villa', 'address'])
    .where('id', '=', addressId)
    .executeTakeFirst();
  if (!a || a.community_id !== communityId) return { msgs: ['face.householdNotInCommunity'], isVilla: 0, address: '' };
  if (a.type !== ADDRESS_TYPE.householder) return { msgs: ['face.notHousehold'], isVilla: 0, address: a.address };
  return { msgs: [], isVilla: a.is_villa, address: a.address };
}

/** Runs the photo check, collecting its refusal with the other broken rules. */
async function photoCheck(text: string | undefined, msgs: string[]): Promise<CheckedPhoto | null> {
  const raw = decodePhoto(text);
  if (!raw) {
    msgs.push('face.photoMissing');
    return null;
  }
  try {
    return await checkPhoto(raw);
  } catch (e) {
    if (e instanceof AppError && e.status === 400) {
      msgs.push(...e.msgs);
      return null;
    }
    throw e;
  }
}

/**
 * createFace: a face of a household with a checked photo (no door units yet, so no commands), its
 * consent record, and the person's other way in (a card held or given here: modules/privacy/consent.ts).
 */
export async function createFace(ctx: AuthCtx, i: ParsedInput<F['createFace']>): Promise<FaceRow & { consentId: number }> {
  await assertCommunity(ctx.db, ctx.caller, i.communityId);
  const community = await ctx.db.selectFrom('community').select('id').where('id', '=', i.communityId).executeTakeFirst();
  if (!community) throw notFound();
  const house = await householdErrors(ctx.db, i.communityId, i.addressId);
  const msgs = [...house.msgs];
  const photo = await photoCheck(i.imgBase64, msgs);
  if (msgs.length || !photo) throw badRequest(...msgs);
  const rel = await writePhoto(ctx.config, photo.jpeg);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const fileId = await insertPhotoRow(trx, rel, photo.jpeg.length, i.communityId, `face-${i.account}.jpg`);
      const { id } = await trx
        .insertInto('face')
        .values({
          community_id: i.communityId,
          address_id: i.addressId,
          account: i.account,
          user_name: i.username ?? '',
          status: i.status ?? 'enable',
          photo_file_id: fileId,
          is_villa: house.isVilla,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = (await faceById(trx, id)) as FaceDbRow;
      await writeOpLog(trx, ctx, {
        menu: MENU,
        content: msg('op.face.add', { account: i.account, address: house.address }),
        communityId: i.communityId,
        after: snapshot(row),
      });
      // Never the only way in (a card held, or given here), and never without consent (issue 35 item 1).
      await assertOtherWayIn(trx, ctx, { communityId: i.communityId, addressId: i.addressId, account: i.account }, i);
      const consentId = await recordConsent(trx, ctx, { id, communityId: i.communityId, account: i.account, username: row.user_name }, i);
      return { ...toFaceRow(row), consentId };
    });
  } catch (e) {
    await removeKept(ctx.config, [rel]);
    throw e;
  }
}

/**
 * updateFace: household, account, name, status; with imgChg=1 a new (checked) photo
 * replaces the stored one. The face's state is sent again to its door units (a disabled
 * face is removed from them).
 */
export async function updateFace(ctx: AuthCtx, i: ParsedInput<F['updateFace']>): Promise<FaceRow> {
  const before = await visibleFace(ctx, i.id);
  const house = await householdErrors(ctx.db, before.community_id, i.addressId);
  const msgs = [...house.msgs];
  const photo = i.imgChg === 1 ? await photoCheck(i.imgBase64, msgs) : null;
  if (msgs.length) throw badRequest(...msgs);
  const rel = photo ? await writePhoto(ctx.config, photo.jpeg) : null;
  let oldRel: string | undefined;
  try {
    const row = await withCommands(ctx, async (trx, q) => {
      let fileId = before.photo_file_id;
      if (photo && rel) {
        fileId = await insertPhotoRow(trx, rel, photo.jpeg.length, before.community_id, `face-${i.account}.jpg`);
        oldRel = await photoPath(trx, before.photo_file_id);
      }
      await trx
        .updateTable('face')
        .set({
          address_id: i.addressId,
          account: i.account,
          user_name: i.username ?? before.user_name,
          status: i.status,
          photo_file_id: fileId,
          is_villa: house.isVilla,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', i.id)
        .execute();
      if (fileId !== before.photo_file_id)
        await trx.deleteFrom('stored_file').where('id', '=', before.photo_file_id).where('kind', '=', FACE_FILE_KIND).execute();
      const after = (await faceById(trx, i.id)) as FaceDbRow;
      await queueFaceState(trx, q, i.id, await unitsOfFace(trx, i.id));
      // The lift file carries the holder's account and leaves disabled faces out.
      if (after.account !== before.account || after.status !== before.status)
        await queueLiftFiles(trx, q, await liftUnitsOfHolder(trx, 'face', i.id));
      await writeOpLog(trx, ctx, {
        menu: MENU,
        content: msg('op.face.edit', { account: after.account, address: after.address }),
        communityId: before.community_id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return after;
    });
    if (oldRel) await removeKept(ctx.config, [oldRel]);
    return toFaceRow(row);
  } catch (e) {
    if (rel) await removeKept(ctx.config, [rel]);
    throw e;
  }
}
