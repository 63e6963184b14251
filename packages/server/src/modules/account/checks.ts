import { ADDRESS_TYPE, LIMITS, msg, roleFields } from '@gatehouse/contracts';
import type { Db } from '../../db/index.ts';
import { badRequest, outOfScope } from '../../http/errors.ts';
import { inScope } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';
import { isKnownDialCode } from './countries.ts';

export function assertDialCode(code: string): void {
  if (!isKnownDialCode(code)) throw badRequest(msg('v.invalid', { field: '@f.areacode' }));
}

/** One phone has at most one account per role (the sign-in asks for the role). */
export async function assertRegNoFree(db: Db, regNo: string, roleId: number, exceptId?: number): Promise<void> {
  if (!(await regNoAvailable(db, regNo, roleId, exceptId))) throw badRequest(msg('account.regNoTaken', { regNo }));
}

/** checkUserProperties: whether a phone is still free for a role (optionally for the account being edited). */
export async function regNoAvailable(db: Db, regNo: string, roleId: number, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('account').select('id').where('reg_no', '=', regNo).where('role_id', '=', roleId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !(await q.executeTakeFirst());
}

export interface PlaceInput {
  roleID: number;
  communityIdList: number[];
  communityId?: number;
  commuAddressId?: number;
  facelimit?: number;
  residentlimit?: number;
}

/** Where an account belongs, normalized for its role (fields of other roles are dropped). */
export interface Place {
  communityIds: number[];
  communityId: number | null;
  addressId: number | null;
  faceLimit: number;
  residentLimit: number;
}

/**
 * Checks the role-dependent fields against the database and the caller's scope:
 * communities exist and are in scope (403 otherwise), the address belongs to the
 * chosen community (a householder address for householders).
 */
export async function placeOf(db: Db, scope: Scope, i: PlaceInput): Promise<Place> {
  const f = roleFields(i.roleID);
  const wanted = f.communityList ? [...new Set(i.communityIdList)] : f.community && i.communityId !== undefined ? [i.communityId] : [];
  if (wanted.length) {
    const found = await db.selectFrom('community').select('id').where('id', 'in', wanted).execute();
    if (found.length !== wanted.length) throw badRequest('account.communityUnknown');
    if (wanted.some((c) => !inScope(scope, c))) throw outOfScope();
  }
  let addressId: number | null = null;
  if (f.address && i.commuAddressId !== undefined) {
    const ad = await db.selectFrom('address').select(['id', 'community_id', 'type']).where('id', '=', i.commuAddressId).executeTakeFirst();
    const typeOk = !f.addressRequired || ad?.type === ADDRESS_TYPE.householder;
    if (!ad || ad.community_id !== i.communityId || !typeOk) throw badRequest('account.addressNotInCommunity');
    addressId = ad.id;
  }
  return {
    communityIds: f.communityList ? wanted : [],
    communityId: f.community ? (i.communityId ?? null) : null,
    addressId,
    faceLimit: f.limits ? (i.facelimit ?? LIMITS.defaultFaceLimit) : LIMITS.defaultFaceLimit,
    residentLimit: f.limits ? (i.residentlimit ?? LIMITS.defaultResidentLimit) : LIMITS.defaultResidentLimit,
  };
}
