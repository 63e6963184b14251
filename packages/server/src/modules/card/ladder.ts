import { LADDER_SOURCE, type LadderDownloadInfo, type MenuKey, msg, type ParsedInput, type cardRoutes } from '@gatehouse/contracts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { foundInScope } from '../../http/scope.ts';
import { hasMenu, loadCard } from '../holder/access.ts';
import { LIFT_COLUMNS, liftRowOf, presentLift, queueLiftFiles } from '../holder/lifts.ts';
import { doorUnitsOf, gmOptions } from '../holder/units.ts';
import { deleteRows } from '../../db/sql.ts';

type R = typeof cardRoutes;

interface Holder {
  id: number;
  source: number;
  column: 'card_id' | 'face_id';
  communityId: number;
  communityname: string;
  account: string;
  cardid: string;
  address: string;
  menu: MenuKey;
}

/** The card (source 0) or face (source 1) whose lift control is edited; faces need the face menu. */
async function loadHolder(ctx: AuthCtx, id: number, source: number): Promise<Holder> {
  const names = async (communityId: number, addressId: number) => {
    const r = await ctx.db
      .selectFrom('address as a')
      .innerJoin('community as c', 'c.id', 'a.community_id')
      .select(['a.address', 'c.name'])
      .where('a.id', '=', addressId)
      .where('c.id', '=', communityId)
      .executeTakeFirst();
    return { address: r?.address ?? '', communityname: r?.name ?? '' };
  };
  if (source === LADDER_SOURCE.card) {
    const c = await loadCard(ctx, id);
    return {
      id,
      source,
      column: 'card_id',
      communityId: c.community_id,
      account: c.account,
      cardid: c.card_no,
      menu: c.menu,
      ...(await names(c.community_id, c.address_id)),
    };
  }
  if (!hasMenu(ctx.caller, 'access.faceid')) throw forbidden();
  const face = ctx.db.selectFrom('face').select(['id', 'community_id', 'address_id', 'account']).where('id', '=', id);
  const f = await foundInScope(ctx.db, ctx.caller, await face.executeTakeFirst());
  return {
    id,
    source,
    column: 'face_id',
    communityId: f.community_id,
    account: f.account,
    cardid: '',
    menu: 'access.faceid',
    ...(await names(f.community_id, f.address_id)),
  };
}

/** Ladder download info: the door units of the holder's community and its saved lift control. */
export async function ladderInfo(ctx: AuthCtx, i: ParsedInput<R['getLadderDownloadInfo']>): Promise<LadderDownloadInfo> {
  const h = await loadHolder(ctx, i.id, i.source);
  const units = await doorUnitsOf(ctx.db, h.communityId);
  const rows = await ctx.db
    .selectFrom('ladder_config as l')
    .innerJoin('address as a', 'a.id', 'l.address_id')
    .select(['l.address_id', 'a.address', ...LIFT_COLUMNS])
    .where(`l.${h.column}`, '=', h.id)
    .orderBy('a.address')
    .execute();
  return {
    allGms: gmOptions(units),
    configured: rows.map((r) => ({
      addressid: r.address_id,
      address: r.address,
      ...presentLift(r),
    })),
    holder: { id: h.id, source: h.source, account: h.account, cardid: h.cardid, address: h.address, communityname: h.communityname },
  };
}

/**
 * Save lift control (lcls): the list is the holder's whole lift configuration. Per door
 * unit the resident floor, lift group, lift number and door type are all-or-nothing (a
 * 400 names each incomplete door unit); an item with all four blank means no lift
 * control there. The lift file of every door unit whose entries changed is queued.
 */
export async function saveLadder(ctx: AuthCtx, i: ParsedInput<R['updateLadderControl']>): Promise<{ queued: number }> {
  const h = await loadHolder(ctx, i.id, i.source);
  const units = new Map((await doorUnitsOf(ctx.db, h.communityId)).map((u) => [u.id, u]));
  const errors: string[] = [];
  const seen = new Set<number>();
  const wanted: {
    address_id: number;
    resi_level: string;
    bank: number;
    node: number;
    gate_type: number;
    is_admin: number;
    is_villa: number;
    front_levels: string;
    back_levels: string;
  }[] = [];
  for (const item of i.lcls) {
    const unit = units.get(item.addressid);
    if (!unit) {
      errors.push(msg('card.gateOutside', { id: item.addressid }));
      continue;
    }
    if (seen.has(item.addressid)) errors.push(msg('card.gateTwice', { name: unit.address }));
    seen.add(item.addressid);
    const four = [item.ResiLevel, item.bank, item.node, item.GateType];
    const filled = four.filter((v) => v !== undefined).length;
    // A door unit with only the admin/disabled flags or floor lists is incomplete too (as the dialog
    // says): dropping what the user entered silently would lose it.
    const extras = item.isadmin || item.isVilla || item.FrontUnlockLevelList.length || item.BackUnlockLevelList.length;
    if (filled === 0 && !extras) continue;
    if (filled < 4) {
      errors.push(msg('card.ladderIncomplete', { name: unit.address }));
      continue;
    }
    wanted.push({ ...liftRowOf(item), is_admin: item.isadmin, is_villa: item.isVilla });
  }
  if (errors.length) throw badRequest(...errors);

  return withCommands(ctx, async (trx, q) => {
    const existing = await trx
      .selectFrom('ladder_config')
      .select(['id', 'address_id', 'resi_level', 'bank', 'node', 'gate_type', 'is_admin', 'is_villa', 'front_levels', 'back_levels'])
      .where(h.column, '=', h.id)
      .execute();
    const key = (r: (typeof wanted)[number]) =>
      JSON.stringify([r.resi_level, r.bank, r.node, r.gate_type, r.is_admin, r.is_villa, r.front_levels, r.back_levels]);
    const asWanted = (r: (typeof existing)[number]) =>
      key({ ...r, front_levels: JSON.stringify(r.front_levels), back_levels: JSON.stringify(r.back_levels) });
    const changed: number[] = [];
    const gone = existing.filter((x) => !wanted.some((w) => w.address_id === x.address_id));
    await deleteRows(trx, 'ladder_config', gone);
    changed.push(...gone.map((x) => x.address_id));
    for (const w of wanted) {
      const old = existing.find((x) => x.address_id === w.address_id);
      if (!old)
        await trx
          .insertInto('ladder_config')
          .values({ ...w, [h.column]: h.id })
          .execute();
      else if (asWanted(old) !== key(w))
        await trx
          .updateTable('ladder_config')
          .set({ ...w, updated_at: new Date() })
          .where('id', '=', old.id)
          .execute();
      else continue;
      changed.push(w.address_id);
    }
    const queued = await queueLiftFiles(trx, q, changed);
    await writeOpLog(trx, ctx, {
      menu: h.menu,
      content:
        h.source === LADDER_SOURCE.card ? msg('op.card.ladder', { cardid: h.cardid }) : msg('op.face.ladder', { account: h.account }),
      communityId: h.communityId,
      before: existing,
      after: i.lcls,
    });
    return { queued };
  });
}
