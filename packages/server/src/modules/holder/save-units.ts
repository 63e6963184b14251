import {
  type UnitKind,
  ADDRESS_TYPE,
  type CardDownloadInfo,
  type cardRoutes,
  type FaceDownloadInfo,
  type faceRoutes,
  LIMITS,
  msg,
  type ParsedInput,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import { deleteRows } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import { type CommandQueue, withCommands } from '../../devices/commands.ts';
import { entriesOf } from '../../devices/unit-entries.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime, parseDateTime } from '../../http/dates.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { type OpLogEntry, writeOpLog } from '../../http/oplog.ts';
import { loadCard, visibleFace } from './access.ts';
import { queueCardsOn } from './cards.ts';
import { queueFacesState } from './faces.ts';
import { type EntryKind, HOLDER_KINDS } from './kinds.ts';
import { gateHardware } from './units.ts';

/**
 * A card's or a face's door units (the download dialog: getCardAddressDownloadInfo /
 * updateCardAddressInfo, getFaceAddressDownloadInfo / updateFaceAddressInfo): one way for
 * both kinds. The list sent replaces the credential's entries; every unit must be a door
 * unit of its community that takes the kind (an entry made earlier stays acceptable even if
 * the unit's hardware changed since), each once; a single-family entry cannot be removed
 * (403). The units that gained, lost or changed the validity of an entry are told what they
 * now hold (for a disabled credential only those that lost one: the others hold nothing of
 * it), in the same transaction. What differs between the kinds is the messages, the op log
 * and the answer, which the spec fixes.
 */

/** One entry of the dialog's list. */
interface EntryIn {
  gateID: number;
  validfrom: string;
  validto: string;
  info?: string;
}

/** A card or a face once the caller may act on it. */
interface Holder {
  kind: EntryKind;
  id: number;
  communityId: number;
  enabled: boolean;
}

/** A door unit of the holder's community, whether it takes the kind, and the holder's entry there. */
interface UnitRow {
  id: number;
  address: string;
  is_villa: number;
  unit_kind: string | null;
  takes: boolean;
}

/** The messages of each kind (their texts are the spec's). */
const MESSAGES = {
  card: {
    field: '@f.card.gate',
    outside: (id: number) => msg('card.gateOutside', { id }),
    noReader: (name: string) => msg('card.gateNoCard', { name }),
    twice: (name: string) => msg('card.gateTwice', { name }),
  },
  face: {
    field: '@f.face.gate',
    outside: (id: number, address?: string) => msg('face.gateNotInCommunity', { address: address ?? String(id) }),
    noReader: (address: string) => msg('face.gateNoFace', { address }),
    twice: (address: string) => msg('face.gateTwice', { address }),
  },
} as const;

/** How the units learn what they hold of a credential now. */
const QUEUE: Record<EntryKind, (trx: Kysely<DB>, q: CommandQueue, ids: number[], units: number[]) => Promise<unknown>> = {
  card: queueCardsOn,
  face: queueFacesState,
};

/** The door units of a community with whether each takes the kind, by address (one statement). */
function unitsOf(db: Kysely<DB>, kind: EntryKind, communityId: number): Promise<UnitRow[]> {
  return db
    .selectFrom('address as a')
    .leftJoin('device as d', 'd.address_id', 'a.id')
    .select([
      'a.id',
      'a.address',
      'a.is_villa',
      'd.unit_kind',
      sql<boolean>`(${gateHardware} & ${HOLDER_KINDS[kind].hardware}) <> 0`.as('takes'),
    ])
    .where('a.community_id', '=', communityId)
    .where('a.type', '=', ADDRESS_TYPE.doorUnit)
    .orderBy('a.address')
    .orderBy('a.id')
    .execute();
}

/** The download dialog's information: the units offered, the entries, the default validity. */
async function unitsInfo(ctx: AuthCtx, db: Kysely<DB>, h: Holder, units?: UnitRow[]): Promise<CardDownloadInfo & FaceDownloadInfo> {
  const tz = ctx.config.TZ_NAME;
  const offered = (units ?? (await unitsOf(db, h.kind, h.communityId))).filter((u) => u.takes);
  const { table } = HOLDER_KINDS[h.kind].entries;
  const configured = await entriesOf(db, table, h.id, tz, h.kind === 'card' ? 'gateAccessID' : 'faceID');
  const now = new Date();
  const after = new Date(now);
  after.setFullYear(after.getFullYear() + LIMITS.cardValidityYears);
  return {
    allGms: offered.map((u) => ({ intValue: u.id, label: u.address, unitKind: (u.unit_kind as UnitKind | null) ?? null })),
    configured: configured as CardDownloadInfo['configured'] & FaceDownloadInfo['configured'],
    now: formatDateTime(now, tz),
    after: formatDateTime(after, tz),
    deletAll: configured.length === 0 || configured.some((c) => c.isVilla !== 0),
  };
}

interface Saved {
  queued: number;
  /** The entries before, as the op log keeps them. */
  before: { gateID: number; validfrom: string; validto: string; info: string }[];
  count: number;
}

/**
 * The one way a credential's door units are saved (see the top of the file). `log` makes the
 * kind's op-log entry from what was saved and answered; `answer` runs in the same transaction.
 */
async function saveUnits<T>(
  ctx: AuthCtx,
  h: Holder,
  list: readonly EntryIn[],
  answer: (trx: Kysely<DB>, saved: Saved, units: UnitRow[]) => Promise<T>,
  log: (saved: Saved, answered: T) => Pick<OpLogEntry, 'menu' | 'content' | 'before' | 'after'>,
): Promise<T> {
  const tz = ctx.config.TZ_NAME;
  const { table, holder } = HOLDER_KINDS[h.kind].entries;
  const m = MESSAGES[h.kind];
  const units = await unitsOf(ctx.db, h.kind, h.communityId);
  const byId = new Map(units.map((u) => [u.id, u]));
  return withCommands(ctx, async (trx, q) => {
    const existing = await trx
      .selectFrom(table)
      .select(['id', 'gate_id', 'validfrom', 'validto', 'info', 'is_villa'])
      .where(holder, '=', h.id)
      .execute();
    const kept = new Set(existing.map((x) => x.gate_id));
    const errors: string[] = [];
    // 001 §5: door units must be selected; an empty list only removes what is configured.
    if (!list.length && !kept.size) errors.push(msg('v.choose', { field: m.field }));
    const seen = new Set<number>();
    for (const e of list) {
      const unit = byId.get(e.gateID);
      if (!unit) errors.push(m.outside(e.gateID, await addressOf(trx, e.gateID)));
      else if (!unit.takes && !kept.has(e.gateID)) errors.push(m.noReader(unit.address));
      else if (seen.has(e.gateID)) errors.push(m.twice(unit.address));
      seen.add(e.gateID);
    }
    if (errors.length) throw badRequest(...new Set(errors));
    const removed = existing.filter((x) => !seen.has(x.gate_id));
    if (removed.some((x) => x.is_villa !== 0)) throw forbidden('addr.villaNoDelete');
    const wanted = list.map((e) => ({
      gate_id: e.gateID,
      validfrom: parseDateTime(e.validfrom, tz) as Date,
      validto: parseDateTime(e.validto, tz) as Date,
      info: e.info ?? '',
    }));
    await deleteRows(trx, table, removed);
    const added = wanted.filter((w) => !kept.has(w.gate_id));
    if (added.length)
      await trx
        .insertInto(table)
        .values(added.map((w) => ({ [holder]: h.id, ...w, is_villa: byId.get(w.gate_id)?.is_villa ?? 0 }) as never))
        .execute();
    const changed = [...removed.map((x) => x.gate_id), ...added.map((w) => w.gate_id)];
    for (const w of wanted) {
      const old = existing.find((x) => x.gate_id === w.gate_id);
      if (!old) continue;
      const moved = old.validfrom.getTime() !== w.validfrom.getTime() || old.validto.getTime() !== w.validto.getTime();
      if (!moved && old.info === w.info) continue;
      await trx.updateTable(table).set({ validfrom: w.validfrom, validto: w.validto, info: w.info }).where('id', '=', old.id).execute();
      if (moved) changed.push(w.gate_id);
    }
    // a disabled credential is on no door unit: only removed entries are (again) told to forget it
    const before = q.commandIds.length;
    await QUEUE[h.kind](trx, q, [h.id], h.enabled ? changed : removed.map((x) => x.gate_id));
    const saved: Saved = {
      queued: q.commandIds.length - before,
      before: existing.map((x) => ({
        gateID: x.gate_id,
        validfrom: formatDateTime(x.validfrom, tz),
        validto: formatDateTime(x.validto, tz),
        info: x.info,
      })),
      count: wanted.length,
    };
    const answered = await answer(trx, saved, units);
    await writeOpLog(trx, ctx, { ...log(saved, answered), communityId: h.communityId });
    return answered;
  });
}

/** The address of a unit sent that is not a door unit of the community (for the message; null when unknown). */
async function addressOf(db: Kysely<DB>, id: number): Promise<string | undefined> {
  return (await db.selectFrom('address').select('address').where('id', '=', id).executeTakeFirst())?.address;
}

const cardHolder = async (ctx: AuthCtx, cardRowId: number) => {
  const card = await loadCard(ctx, cardRowId);
  return { card, h: { kind: 'card', id: cardRowId, communityId: card.community_id, enabled: card.status === 'enable' } as Holder };
};

const faceHolder = async (ctx: AuthCtx, id: number) => {
  const face = await visibleFace(ctx, id);
  return { face, h: { kind: 'face', id, communityId: face.community_id, enabled: face.status === 'enable' } as Holder };
};

/** getCardAddressDownloadInfo */
export async function cardUnitsInfo(ctx: AuthCtx, cardRowId: number): Promise<CardDownloadInfo> {
  return unitsInfo(ctx, ctx.db, (await cardHolder(ctx, cardRowId)).h);
}

/** updateCardAddressInfo: answers how many commands were queued. */
export async function saveCardUnits(ctx: AuthCtx, i: ParsedInput<typeof cardRoutes.updateCardAddressInfo>): Promise<{ queued: number }> {
  const { card, h } = await cardHolder(ctx, i.id);
  return saveUnits(
    ctx,
    h,
    i.agas,
    async (_trx, s) => ({ queued: s.queued }),
    (s) => ({
      menu: card.menu,
      content: msg('op.card.download', { cardid: card.card_no, count: s.count }),
      before: s.before,
      after: i.agas,
    }),
  );
}

/** getFaceAddressDownloadInfo */
export async function faceUnitsInfo(ctx: AuthCtx, i: ParsedInput<typeof faceRoutes.getFaceAddressDownloadInfo>): Promise<FaceDownloadInfo> {
  if (!i.communityname) throw badRequest('v.chooseCommunity');
  return unitsInfo(ctx, ctx.db, (await faceHolder(ctx, i.id)).h);
}

/** updateFaceAddressInfo: answers the dialog's information after the save. */
export async function saveFaceUnits(ctx: AuthCtx, i: ParsedInput<typeof faceRoutes.updateFaceAddressInfo>): Promise<FaceDownloadInfo> {
  const { face, h } = await faceHolder(ctx, i.id);
  return saveUnits(
    ctx,
    h,
    i.fas,
    (trx, _s, units) => unitsInfo(ctx, trx, h, units),
    (s, info) => ({
      menu: 'access.faceid',
      content: msg('op.face.assign', { account: face.account, count: info.configured.length }),
      before: { faceId: face.id, configured: s.before },
      after: { faceId: face.id, configured: info.configured },
    }),
  );
}
