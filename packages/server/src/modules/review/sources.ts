import { ACCESS_TYPE, type CredentialKind } from '@gatehouse/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { anyInt, anyText } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import { withPlaceNames } from '../../db/names.ts';
import type { Credential, Place, PlaceSourceFn } from '../../devices/places.ts';
import type { Caller } from '../../http/caller.ts';
import { scopeIds } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';
import { cardTypesOf, hasMenu } from '../holder/access.ts';

/**
 * Where the review finds credentials and where they work. Both are lists of sources,
 * like a door unit's desired sources: the credential sources (cards, faces, visitor QR
 * codes) and the place sources (devices/places.ts). The place sources are the areas'
 * `placeSources`, collected at boot (`ctx.places`): this area gives door-unit entries and
 * lift control (`unitPlaces`, `liftPlaces`), the rules area the units and lift floors
 * reached through access groups.
 */

/** Whose credentials: a household, or an account (phone / registration number). */
export interface Subject {
  addressId?: number;
  account?: string;
  /** The communities searched (the caller's scope, or the household's community). */
  scope: Scope;
}

export type CredentialSource = (db: Kysely<DB>, s: Subject, caller: Caller) => Promise<Credential[]>;

const inCommunities = (scope: Scope) => (scope.all ? null : scopeIds(scope));

/** What cards and faces share: holder, community, household, status. */
interface HolderRow {
  account: string;
  user_name: string;
  community_id: number;
  communityName: string;
  address_id: number;
  address: string;
  status: string;
  created_at: Date;
}

/** The columns of a `HolderRow`: of the card or face (alias `t`), its community (`m`) and household (`a`). */
const holderColumns = <T extends 'c' | 'f'>(t: T) =>
  [
    `${t}.account`,
    `${t}.user_name`,
    `${t}.community_id`,
    'm.name as communityName',
    `${t}.address_id`,
    'a.address',
    `${t}.status`,
    `${t}.created_at`,
  ] as const;

const holderFields = (r: HolderRow) => ({
  account: r.account,
  userName: r.user_name,
  communityId: r.community_id,
  communityName: r.communityName,
  addressId: r.address_id,
  address: r.address,
  status: r.status,
  createdAt: r.created_at,
});

/** Cards or faces (table alias `t`) of the subject: its household or account, in the searched communities. */
function ofSubject(s: Subject, t: 'c' | 'f') {
  const col = (name: 'address_id' | 'account' | 'community_id') => sql.ref(`${t}.${name}`);
  const ids = inCommunities(s.scope);
  return <D, TB extends keyof D>(eb: ExpressionBuilder<D, TB>) =>
    eb.and([
      ...(s.addressId !== undefined ? [eb(col('address_id'), '=', s.addressId)] : []),
      ...(s.account !== undefined ? [eb(col('account'), '=', s.account)] : []),
      ...(ids ? [eb(col('community_id'), 'in', ids)] : []),
    ]);
}

export const cardSource: CredentialSource = async (db, s, caller) => {
  const types = cardTypesOf(caller);
  if (!types.length) return [];
  const rows = await db
    .selectFrom('card as c')
    .innerJoin('community as m', 'm.id', 'c.community_id')
    .innerJoin('address as a', 'a.id', 'c.address_id')
    .select(['c.id', 'c.card_no', 'c.card_type', ...holderColumns('c')])
    .where('c.card_type', 'in', types)
    .where(ofSubject(s, 'c'))
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ kind: 'card', id: r.id, label: r.card_no, type: r.card_type, ...holderFields(r), cardNo: r.card_no }));
};

export const faceSource: CredentialSource = async (db, s, caller) => {
  if (!hasMenu(caller, 'access.faceid')) return [];
  const rows = await db
    .selectFrom('face as f')
    .innerJoin('community as m', 'm.id', 'f.community_id')
    .innerJoin('address as a', 'a.id', 'f.address_id')
    .select(['f.id', ...holderColumns('f'), 'f.photo_file_id'])
    .where(ofSubject(s, 'f'))
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    kind: 'face',
    id: r.id,
    label: r.user_name || r.account,
    type: '',
    ...holderFields(r),
    photoFileId: r.photo_file_id,
  }));
};

/**
 * Visitor QR codes still valid, created by the account (or by an account of the
 * household). Shown to callers holding the visitor QR or visitor menu.
 */
export const qrSource: CredentialSource = async (db, s, caller) => {
  if (!hasMenu(caller, 'access.visitorcode') && !hasMenu(caller, 'access.visitor')) return [];
  const codes = db
    .selectFrom('visitor_qrcode as v')
    .select(['v.id', 'v.user_regno', 'v.num_open', 'v.community_id', 'v.address_id', 'v.validto', 'v.created_at', 'v.groups_only'])
    .where('v.validto', '>', sql<Date>`now()`);
  let q = withPlaceNames(codes, { community: 'v.community_id', gate: 'v.address_id' }, ['community', 'gate']);
  if (s.account !== undefined) q = q.where('v.user_regno', '=', s.account);
  if (s.addressId !== undefined)
    q = q.where('v.user_regno', 'in', (eb) =>
      eb
        .selectFrom('account')
        .select('reg_no')
        .where('address_id', '=', s.addressId as number),
    );
  const ids = inCommunities(s.scope);
  if (ids) q = q.where('v.community_id', 'in', ids);
  const rows = await q.orderBy('v.id').execute();
  return rows.map((r) => ({
    kind: 'qrcode',
    id: Number(r.id),
    label: `#${r.id}`,
    type: String(r.num_open),
    account: r.user_regno,
    userName: '',
    communityId: r.community_id,
    communityName: r.community_name,
    addressId: r.address_id,
    address: r.gate_name,
    status: 'valid',
    createdAt: r.created_at,
    validto: r.validto,
    groupsOnly: r.groups_only === 1,
  }));
};

const idsOf = (creds: Credential[], kind: CredentialKind) => creds.filter((c) => c.kind === kind).map((c) => c.id);

/** A card's or face's entry on a door unit (its `card_gate` / `face_gate` row, the unit's name) as a place. */
const unitPlace = (
  kind: 'card' | 'face',
  id: number,
  e: { gate_id: number; name: string; validfrom: Date; validto: Date },
  objectKey: string,
): Place => ({
  kind,
  id,
  source: 'unit',
  gateId: e.gate_id,
  gateName: e.name,
  validfrom: e.validfrom,
  validto: e.validto,
  detail: '',
  objectKey,
});

/** Door-unit entries of cards and faces; a QR code works on its one door unit until it expires. */
export const unitPlaces: PlaceSourceFn = async (db, creds) => {
  const out: Place[] = [];
  const cards = idsOf(creds, 'card');
  if (cards.length) {
    const rows = await db
      .selectFrom('card_gate as e')
      .innerJoin('card as c', 'c.id', 'e.card_id')
      .innerJoin('address as g', 'g.id', 'e.gate_id')
      .select(['e.card_id', 'c.card_no', 'e.gate_id', 'g.name', 'e.validfrom', 'e.validto'])
      .where('e.card_id', '=', anyInt(cards))
      .orderBy('e.id')
      .execute();
    for (const r of rows) out.push(unitPlace('card', r.card_id, r, `card:${r.card_no}`));
  }
  const faces = idsOf(creds, 'face');
  if (faces.length) {
    const rows = await db
      .selectFrom('face_gate as e')
      .innerJoin('address as g', 'g.id', 'e.gate_id')
      .select(['e.face_id', 'e.gate_id', 'g.name', 'e.validfrom', 'e.validto'])
      .where('e.face_id', '=', anyInt(faces))
      .orderBy('e.id')
      .execute();
    for (const r of rows) out.push(unitPlace('face', r.face_id, r, `face:${r.face_id}`));
  }
  // A code made for its groups' units only does not open the unit it was made on.
  for (const c of creds.filter((x) => x.kind === 'qrcode' && !x.groupsOnly))
    out.push({
      kind: 'qrcode',
      id: c.id,
      source: 'unit',
      gateId: c.addressId,
      gateName: c.address,
      validfrom: c.createdAt,
      validto: c.validto ?? null,
      detail: '',
      objectKey: '',
    });
  return out;
};

/** Lift control (lift permissions) of cards and faces: the floors on each door unit's lift file. */
export const liftPlaces: PlaceSourceFn = async (db, creds) => {
  const cards = idsOf(creds, 'card');
  const faces = idsOf(creds, 'face');
  if (!cards.length && !faces.length) return [];
  const rows = await db
    .selectFrom('ladder_config as l')
    .innerJoin('address as g', 'g.id', 'l.address_id')
    .select(['l.card_id', 'l.face_id', 'l.address_id', 'g.name', 'l.resi_level', 'l.front_levels', 'l.back_levels'])
    .where((eb) => eb.or([eb('l.card_id', '=', anyInt(cards)), eb('l.face_id', '=', anyInt(faces))]))
    .orderBy('l.id')
    .execute();
  return rows.map((r) => {
    const floors = [...new Set([r.resi_level, ...(r.front_levels ?? []), ...(r.back_levels ?? [])].filter(Boolean))];
    return {
      kind: r.card_id !== null ? 'card' : 'face',
      id: (r.card_id ?? r.face_id) as number,
      source: 'lift',
      gateId: r.address_id,
      gateName: r.name,
      validfrom: null,
      validto: null,
      detail: floors.join(','),
      objectKey: 'ladder',
    };
  });
};

export const CREDENTIAL_SOURCES: readonly CredentialSource[] = [cardSource, faceSource, qrSource];

/** How the access events name a card (its number) or a face (the holder's face opens). */
const USE_OF = {
  card: {
    column: 'card_num',
    nameOf: (c: Credential) => c.label,
    only: (eb: ExpressionBuilder<DB, 'access_event'>) => eb('card_num', '<>', ''),
  },
  face: {
    column: 'account',
    nameOf: (c: Credential) => c.account,
    only: (eb: ExpressionBuilder<DB, 'access_event'>) => eb('type', '=', ACCESS_TYPE.face),
  },
} as const;

/** Last use of each card or face in its own community: `kind:id` → time. */
async function lastUsesOf(db: Kysely<DB>, creds: Credential[], kind: 'card' | 'face', out: Map<string, Date>): Promise<void> {
  const mine = creds.filter((c) => c.kind === kind);
  if (!mine.length) return;
  const { column, nameOf, only } = USE_OF[kind];
  const rows = await db
    .selectFrom('access_event')
    .select((eb) => [eb.ref(column).as('value'), 'community_id', sql<Date>`max(time)`.as('at')])
    .where(column, '=', anyText([...new Set(mine.map(nameOf))]))
    .where(only)
    .groupBy([column, 'community_id'])
    .execute();
  const at = new Map(rows.map((r) => [`${r.value}|${r.community_id}`, r.at]));
  for (const c of mine) {
    const used = at.get(`${nameOf(c)}|${c.communityId}`);
    if (used) out.set(`${kind}:${c.id}`, used);
  }
}

/** Last use of each credential, from the access events (card number, face holder's face opens, QR id). */
export async function lastUses(db: Kysely<DB>, creds: Credential[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  await lastUsesOf(db, creds, 'card', out);
  await lastUsesOf(db, creds, 'face', out);
  const qrs = creds.filter((c) => c.kind === 'qrcode');
  if (qrs.length) {
    const rows = await db
      .selectFrom('access_event')
      .select(['qr_id', sql<Date>`max(time)`.as('at')])
      .where('qr_id', '=', anyInt(qrs.map((c) => c.id)))
      .groupBy('qr_id')
      .execute();
    for (const r of rows) if (r.qr_id !== null) out.set(`qrcode:${r.qr_id}`, r.at);
  }
  return out;
}

/** The last command for each (unit, object key) place: its id and status. */
export async function syncStates(
  db: Kysely<DB>,
  places: Place[],
): Promise<Map<string, { id: number; status: number; kind: string; updatedAt: Date }>> {
  const out = new Map<string, { id: number; status: number; kind: string; updatedAt: Date }>();
  const keyed = places.filter((p) => p.objectKey);
  if (!keyed.length) return out;
  const gates = [...new Set(keyed.map((p) => p.gateId))];
  const keys = [...new Set(keyed.map((p) => p.objectKey))];
  const rows = await db
    .selectFrom('command as c')
    .innerJoin('device as d', 'd.id', 'c.device_id')
    .select(['c.id', 'c.status', 'c.kind', 'c.updated_at', 'c.object_key', 'd.address_id'])
    .where('d.address_id', '=', anyInt(gates))
    .where('c.object_key', '=', anyText(keys))
    .where('c.id', 'in', (eb) =>
      eb
        .selectFrom('command as x')
        .innerJoin('device as xd', 'xd.id', 'x.device_id')
        .select(sql<number>`max(x.id)`.as('m'))
        .where('xd.address_id', '=', anyInt(gates))
        .where('x.object_key', '=', anyText(keys))
        .groupBy(['x.device_id', 'x.object_key']),
    )
    .execute();
  for (const r of rows)
    out.set(`${r.address_id}|${r.object_key}`, { id: Number(r.id), status: r.status, kind: r.kind, updatedAt: r.updated_at });
  return out;
}
