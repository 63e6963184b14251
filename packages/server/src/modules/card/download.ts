import {
  ADDRESS_TYPE,
  type CardDownloadInfo,
  HARDWARE,
  LIMITS,
  msg,
  type Option,
  type ParsedInput,
  type cardRoutes,
} from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import { withCommands } from '../../devices/commands.ts';
import { entriesOf } from '../../devices/unit-entries.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime, parseDateTime } from '../../http/dates.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { loadCard } from './access.ts';
import { queueCardOn } from './commands.ts';
import { deleteRows } from '../../db/sql.ts';
import { doorUnitsWith } from '../address/units.ts';

type R = typeof cardRoutes;

/** The door units (address type 0) of a community, as dialog options. */
export async function doorUnitsOf(db: Kysely<DB>, communityId: number) {
  return db
    .selectFrom('address')
    .select(['id', 'address', 'name', 'is_villa'])
    .where('community_id', '=', communityId)
    .where('type', '=', ADDRESS_TYPE.doorUnit)
    .orderBy('address')
    .orderBy('id')
    .execute();
}
export const gmOptions = (units: { id: number; address: string }[]): Option[] => units.map((u) => ({ intValue: u.id, label: u.address }));

/** Download info of a card: its community's door units, the configured entries and the default validity. */
export async function cardDownloadInfo(ctx: AuthCtx, id: number): Promise<CardDownloadInfo> {
  const card = await loadCard(ctx, id);
  const tz = ctx.config.TZ_NAME;
  const units = await doorUnitsWith(ctx.db, card.community_id, HARDWARE.card);
  const configured = await entriesOf(ctx.db, 'card_gate', id, tz, 'gateAccessID');
  const now = new Date();
  const after = new Date(now);
  after.setFullYear(after.getFullYear() + LIMITS.cardValidityYears);
  return {
    allGms: gmOptions(units),
    configured,
    now: formatDateTime(now, tz),
    after: formatDateTime(after, tz),
    deletAll: configured.length === 0 || configured.some((c) => c.isVilla !== 0),
  };
}

/**
 * Save configuration (agas): the list replaces the card's door units. Every door unit
 * must be one of the card's community; an entry of a single-family door unit cannot be
 * removed. Door units that gained or changed an entry get card.put (when the card is
 * enabled), removed ones card.delete, in the same transaction.
 */
export async function saveCardDownload(ctx: AuthCtx, i: ParsedInput<R['updateCardAddressInfo']>): Promise<{ queued: number }> {
  const card = await loadCard(ctx, i.id);
  const tz = ctx.config.TZ_NAME;
  const units = new Map((await doorUnitsOf(ctx.db, card.community_id)).map((u) => [u.id, u]));
  const readers = new Set((await doorUnitsWith(ctx.db, card.community_id, HARDWARE.card)).map((u) => u.id));
  // an entry made earlier stays acceptable even if the unit's hardware changed since
  const kept = new Set(
    (await ctx.db.selectFrom('card_gate').select('gate_id').where('card_id', '=', i.id).execute()).map((r) => r.gate_id),
  );
  const errors: string[] = [];
  // 001 §5: door units must be selected; an empty list only removes what is configured.
  if (!i.agas.length && !kept.size) errors.push(msg('v.choose', { field: '@f.card.gate' }));
  const seen = new Set<number>();
  for (const e of i.agas) {
    const unit = units.get(e.gateID);
    if (!unit) errors.push(msg('card.gateOutside', { id: e.gateID }));
    else if (!readers.has(e.gateID) && !kept.has(e.gateID)) errors.push(msg('card.gateNoCard', { name: unit.address }));
    else if (seen.has(e.gateID)) errors.push(msg('card.gateTwice', { name: unit.address }));
    seen.add(e.gateID);
  }
  if (errors.length) throw badRequest(...errors);
  const wanted = i.agas.map((e) => ({
    gate_id: e.gateID,
    validfrom: parseDateTime(e.validfrom, tz) as Date,
    validto: parseDateTime(e.validto, tz) as Date,
    info: e.info ?? '',
  }));

  return withCommands(ctx, async (trx, q) => {
    const existing = await trx
      .selectFrom('card_gate')
      .select(['id', 'gate_id', 'validfrom', 'validto', 'info', 'is_villa'])
      .where('card_id', '=', i.id)
      .execute();
    const removed = existing.filter((x) => !seen.has(x.gate_id));
    if (removed.some((x) => x.is_villa !== 0)) throw forbidden('addr.villaNoDelete');
    const changed: number[] = removed.map((x) => x.gate_id);
    await deleteRows(trx, 'card_gate', removed);
    const added = wanted.filter((w) => !existing.some((x) => x.gate_id === w.gate_id));
    if (added.length)
      await trx
        .insertInto('card_gate')
        .values(added.map((w) => ({ card_id: i.id, ...w, is_villa: units.get(w.gate_id)?.is_villa ?? 0 })))
        .execute();
    changed.push(...added.map((w) => w.gate_id));
    for (const w of wanted) {
      const old = existing.find((x) => x.gate_id === w.gate_id);
      if (
        old &&
        (old.validfrom.getTime() !== w.validfrom.getTime() || old.validto.getTime() !== w.validto.getTime() || old.info !== w.info)
      ) {
        await trx
          .updateTable('card_gate')
          .set({ validfrom: w.validfrom, validto: w.validto, info: w.info })
          .where('id', '=', old.id)
          .execute();
        if (old.validfrom.getTime() !== w.validfrom.getTime() || old.validto.getTime() !== w.validto.getTime()) changed.push(w.gate_id);
      }
    }
    // a disabled card is on no door unit: only removed entries are (again) told to forget it
    const queued = await queueCardOn(trx, q, i.id, card.status === 'enable' ? changed : removed.map((x) => x.gate_id));
    await writeOpLog(trx, ctx, {
      menu: card.menu,
      content: msg('op.card.download', { cardid: card.card_no, count: wanted.length }),
      communityId: card.community_id,
      before: existing.map((x) => ({
        gateID: x.gate_id,
        validfrom: formatDateTime(x.validfrom, tz),
        validto: formatDateTime(x.validto, tz),
        info: x.info,
      })),
      after: i.agas,
    });
    return { queued };
  });
}
