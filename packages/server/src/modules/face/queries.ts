import { type FaceAddressRow, type FaceGateEntry, type FaceRow, type HolderStatus, ROUTES } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { entriesOf } from '../../devices/unit-entries.ts';
import { formatDateTime } from '../../http/dates.ts';
import { foundInScope, withinScope } from '../../http/scope.ts';
import type { AuthCtx } from '../../http/context.ts';
import type { Scope } from '../../http/caller.ts';

/** Faces of the communities in a scope, with their household and community. */
export function faceBase(db: Kysely<DB>, scope: Scope) {
  return withinScope(
    db.selectFrom('face as f').innerJoin('address as a', 'a.id', 'f.address_id').innerJoin('community as c', 'c.id', 'f.community_id'),
    scope,
    'f.community_id',
  );
}

export const FACE_COLUMNS = [
  'f.id',
  'f.user_name',
  'f.account',
  'f.community_id',
  'f.address_id',
  'f.status',
  'f.is_villa',
  'f.photo_file_id',
  'a.address',
  'c.name as communityname',
] as const;

export interface FaceDbRow {
  id: number;
  user_name: string;
  account: string;
  community_id: number;
  address_id: number;
  status: string;
  is_villa: number;
  photo_file_id: number;
  address: string;
  communityname: string;
}

export const photoUrl = (faceId: number, fileId: number) => `/api${ROUTES.face.getFacePhoto.path}?id=${faceId}&v=${fileId}`;

export function toFaceRow(r: FaceDbRow): FaceRow {
  return {
    id: r.id,
    username: r.user_name,
    account: r.account,
    communityname: r.communityname,
    communityId: r.community_id,
    address: r.address,
    addressId: r.address_id,
    status: r.status as HolderStatus,
    isVilla: r.is_villa,
    photoUrl: photoUrl(r.id, r.photo_file_id),
  };
}

export async function faceById(db: Kysely<DB>, id: number, scope: Scope = { all: true }): Promise<FaceDbRow | undefined> {
  return faceBase(db, scope)
    .select([...FACE_COLUMNS])
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** The door units a face is configured on. */
export async function gateEntries(db: Kysely<DB>, faceId: number, tz: string): Promise<FaceGateEntry[]> {
  return entriesOf(db, 'face_gate', faceId, tz, 'faceID');
}

/** Door-unit face list rows: entries of one door unit, with the face and its household. */
export function gateFaceBase(db: Kysely<DB>) {
  return db
    .selectFrom('face_gate as g')
    .innerJoin('face as f', 'f.id', 'g.face_id')
    .innerJoin('address as a', 'a.id', 'f.address_id')
    .innerJoin('address as gate', 'gate.id', 'g.gate_id');
}

export const GATE_FACE_COLUMNS = [
  'g.id',
  'g.face_id',
  'g.gate_id',
  'g.validfrom',
  'g.validto',
  'g.info',
  'g.is_villa',
  'f.user_name',
  'f.account',
  'f.status',
  'f.community_id',
  'a.address',
  'gate.address as gateAddress',
] as const;

export interface GateFaceDbRow {
  id: number;
  face_id: number;
  gate_id: number;
  validfrom: Date;
  validto: Date;
  info: string;
  is_villa: number;
  user_name: string;
  account: string;
  status: string;
  community_id: number;
  address: string;
  gateAddress: string;
}

export function toFaceAddressRow(r: GateFaceDbRow, tz: string): FaceAddressRow {
  return {
    id: r.id,
    faceID: r.face_id,
    gateID: r.gate_id,
    username: r.user_name,
    account: r.account,
    address: r.address,
    status: r.status as HolderStatus,
    validfrom: formatDateTime(r.validfrom, tz),
    validto: formatDateTime(r.validto, tz),
    info: r.info,
    isVilla: r.is_villa,
  };
}

/** A face as the op log keeps it (before / after). */
export const faceSnapshot = (r: FaceDbRow) => ({
  id: r.id,
  account: r.account,
  username: r.user_name,
  addressId: r.address_id,
  status: r.status,
  photoFileId: r.photo_file_id,
});

/** A face the caller may see: 404 when there is none, 403 when it belongs to another community. */
export async function visibleFace(ctx: AuthCtx, id: number, db: Kysely<DB> = ctx.db): Promise<FaceDbRow> {
  return foundInScope(ctx.db, ctx.caller, await faceById(db, id));
}
