import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { anyInt } from '../../db/sql.ts';
import type { Credential, Place, PlaceGroup, PlaceSourceFn } from '../../devices/places.ts';
import { GROUP_LINK, type GroupLinkKind } from '../holder/reach.ts';

/**
 * The rules area's place source (devices/places.ts, collected at boot): where cards, faces and
 * visitor QR codes work through their access groups. For each group a credential holds, one
 * place per door unit of the group (source `group`, the unit holds the card or face under
 * `card:<number>` / `face:<id>`; QR codes: nothing to hold, the unit checks them offline) and
 * one per lift floor setting of the group (source `groupLift`, object `ladder`). A group
 * without door units gives one place without a unit (gateId 0), so the review still lists it.
 * The access review shows these; a move-out and "expire unused" withdraw the credential from
 * these units too (docs/access-review.md).
 */

const floorsOf = (resi: string, front: string[] | null, back: string[] | null) =>
  [...new Set([resi, ...(front ?? []), ...(back ?? [])].filter(Boolean))].join(',');

interface Held {
  holder: number;
  objectKey: string;
  validfrom: Date | null;
  validto: Date | null;
}

/** Groups held (holder → group), with their schedules. */
type HeldRow = { holder: number; group_id: number; name: string; schedule_id: number | null; scheduleName: string | null };

async function placesOfHeld(db: Kysely<DB>, kind: Credential['kind'], held: HeldRow[], info: Map<number, Held>): Promise<Place[]> {
  if (!held.length) return [];
  const groupIds = [...new Set(held.map((h) => h.group_id))];
  const units = await db
    .selectFrom('access_group_unit as gu')
    .innerJoin('address as a', 'a.id', 'gu.address_id')
    .select(['gu.group_id', 'gu.address_id', 'a.name'])
    .where('gu.group_id', 'in', groupIds)
    .orderBy('gu.group_id')
    .orderBy('gu.address_id')
    .execute();
  // QR codes have no lift entries (the lift file names cards and faces).
  const lifts =
    kind === 'qrcode'
      ? []
      : await db
          .selectFrom('access_group_lift as gl')
          .innerJoin('address as a', 'a.id', 'gl.address_id')
          .select(['gl.group_id', 'gl.address_id', 'a.name', 'gl.resi_level', 'gl.front_levels', 'gl.back_levels'])
          .where('gl.group_id', 'in', groupIds)
          .orderBy('gl.group_id')
          .orderBy('gl.address_id')
          .execute();
  const out: Place[] = [];
  for (const h of held) {
    const c = info.get(h.holder);
    if (!c) continue;
    const group: PlaceGroup = { id: h.group_id, name: h.name, scheduleId: h.schedule_id, scheduleName: h.scheduleName };
    const base = { kind, id: h.holder, validfrom: c.validfrom, validto: c.validto, group };
    const mine = units.filter((u) => u.group_id === h.group_id);
    for (const u of mine)
      out.push({ ...base, source: 'group', gateId: u.address_id, gateName: u.name, detail: '', objectKey: c.objectKey });
    if (!mine.length) out.push({ ...base, source: 'group', gateId: 0, gateName: '', detail: '', objectKey: '' });
    for (const l of lifts.filter((x) => x.group_id === h.group_id))
      out.push({
        ...base,
        source: 'groupLift',
        gateId: l.address_id,
        gateName: l.name,
        validfrom: null,
        validto: null,
        detail: floorsOf(l.resi_level, l.front_levels, l.back_levels),
        objectKey: 'ladder',
      });
  }
  return out;
}

/** The groups each credential of the kind holds, with their schedules (holder, then group name order). */
async function heldRows(db: Kysely<DB>, kind: GroupLinkKind, ids: number[]): Promise<HeldRow[]> {
  const { table, holder } = GROUP_LINK[kind];
  const rows = await db
    .selectFrom(table)
    .innerJoin('access_group as g', 'g.id', `${table}.group_id`)
    .leftJoin('access_schedule as s', 's.id', 'g.schedule_id')
    .select([`${holder} as holder`, 'g.id as group_id', 'g.name', 'g.schedule_id', 's.name as scheduleName'])
    .where(holder, '=', anyInt(ids))
    .orderBy(holder)
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
  return rows.map((h) => ({ ...h, holder: Number(h.holder) }));
}

/** Where each credential works through its groups, and what the unit holds it under. */
const HELD: { [K in GroupLinkKind]: (c: Credential) => Held } = {
  card: (c) => ({ holder: c.id, objectKey: `card:${c.cardNo ?? c.label}`, validfrom: null, validto: null }),
  face: (c) => ({ holder: c.id, objectKey: `face:${c.id}`, validfrom: null, validto: null }),
  // A QR code works on its groups' units within its own validity (and the group's schedule).
  qrcode: (c) => ({ holder: c.id, objectKey: '', validfrom: c.createdAt, validto: c.validto ?? null }),
};

export const groupPlaces: PlaceSourceFn = async (db, creds) => {
  const out: Place[] = [];
  for (const kind of ['card', 'face', 'qrcode'] as const) {
    const mine = creds.filter((c) => c.kind === kind);
    if (!mine.length) continue;
    const held = await heldRows(
      db,
      kind,
      mine.map((c) => c.id),
    );
    // Appended one by one: a spread of 400,000 places (100,000 cards on 4 units) overflows the call stack.
    for (const p of await placesOfHeld(db, kind, held, new Map(mine.map((c) => [c.id, HELD[kind](c)])))) out.push(p);
  }
  return out;
};
