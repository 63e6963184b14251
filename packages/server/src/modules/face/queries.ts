import { type FaceAddressRow, type FaceRow, type HolderStatus, ROUTES } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { formatDateTime } from '../../http/dates.ts';
import type { FaceDbRow } from '../holder/access.ts';

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
