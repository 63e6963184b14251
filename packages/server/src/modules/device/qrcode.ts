import {
  HARDWARE,
  msg,
  type Page,
  type ParsedInput,
  type QrBody,
  type QrCreated,
  type QrDeviceRow,
  type QrGroup,
  type qrcodeRoutes,
} from '@gatehouse/contracts';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { qrKey, signQr } from '../../devices/qr-key.ts';
import type { AuthCtx } from '../../http/context.ts';
import { parseDateTime } from '../../http/dates.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, listScope, withinScope } from '../../http/scope.ts';
import { likeArg } from '../../db/sql.ts';
import { sortedPage } from '../../db/sorted-page.ts';
import { groupsOfCommunity, groupsWithSchedule } from '../rules/community-groups.ts';

type R = typeof qrcodeRoutes;
const SORT = { addressName: 'a.name', communityName: 'c.name' } as const;

/** Bound devices that read QR codes, in the caller's scope. */
export async function qrDevicesPage(ctx: AuthCtx, i: ParsedInput<R['getQrDevicesPage']>): Promise<Page<QrDeviceRow>> {
  const scope = await listScope(ctx.db, ctx.caller);
  let q = ctx.db
    .selectFrom('device as d')
    .innerJoin('address as a', 'a.id', 'd.address_id')
    .innerJoin('community as c', 'c.id', 'a.community_id')
    .where(sql<number>`d.hardware & ${HARDWARE.qrcode}`, '>', 0);
  q = withinScope(q, scope, 'a.community_id');
  if (i.addressName) q = q.where('a.name', 'ilike', likeArg(i.addressName));
  if (i.communityName) q = q.where('c.name', 'ilike', likeArg(i.communityName));
  const columns = q.select([
    'a.id as addressid',
    'a.name as addressName',
    'd.serial as addressRegNo',
    'c.name as communityName',
    'c.id as communityID',
    'd.online',
  ]);
  return sortedPage(columns, i, SORT, 'a.id', 'a.id', 'desc');
}

/** The bound device of a serial, in the caller's scope (404 / 403). */
async function qrDevice(ctx: AuthCtx, serial: string) {
  const dev = await ctx.db
    .selectFrom('device as d')
    .innerJoin('address as a', 'a.id', 'd.address_id')
    .select(['d.id', 'd.serial', 'd.hardware', 'a.id as addressId', 'a.name', 'a.community_id'])
    .where('d.serial', '=', serial)
    .executeTakeFirst();
  if (!dev) throw notFound('device.noDevice');
  await assertCommunity(ctx.db, ctx.caller, dev.community_id);
  return dev;
}

/** getQrGroups: the access groups of the door unit's community, with their schedules and unit counts. */
export async function qrGroups(ctx: AuthCtx, i: ParsedInput<R['getQrGroups']>): Promise<QrGroup[]> {
  const dev = await qrDevice(ctx, i.addressRegNo);
  const unitCount = sql<number>`(select count(*)::int from access_group_unit gu where gu.group_id = g.id)`.as('unitCount');
  const rows = await groupsWithSchedule(ctx.db, dev.community_id).select(unitCount).execute();
  const always = t(ctx.lang, 'rules.always');
  return rows.map((r) => ({ id: r.id, name: r.name, scheduleName: r.scheduleName ?? always, unitCount: Number(r.unitCount ?? 0) }));
}

/**
 * Creates a visitor QR code for one door unit: a record (for the visitor screen) and
 * the signed text `GH1.<body>.<signature>` the unit checks offline (docs/device-protocol.md §8).
 * Given access groups (of the unit's community), the code also carries them (`g`): their units
 * accept it within the group's schedule; `groupsOnly` leaves this unit (`d`) out of the code.
 */
export async function createQrcode(ctx: AuthCtx, i: ParsedInput<R['createQrcode']>): Promise<QrCreated> {
  const dev = await qrDevice(ctx, i.addressRegNo);
  const groupIds = await groupsOfCommunity(ctx.db, dev.community_id, i.groupIds, 'rules.qrUnknownGroups');
  if (!(dev.hardware & HARDWARE.qrcode)) throw badRequest('device.qrNotSupported');
  const tz = ctx.config.TZ_NAME;
  const from = parseDateTime(i.validfrom, tz);
  const to = parseDateTime(i.validto, tz, true);
  if (!from) throw badRequest(msg('v.invalid', { field: '@f.dev.validfrom' }));
  if (!to) throw badRequest(msg('v.invalid', { field: '@f.dev.validto' }));
  if (from >= to) throw badRequest('v.dateOrder');
  const key = await qrKey(ctx.db);
  const created = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('visitor_qrcode')
      .values({
        device_id: dev.id,
        address_id: dev.addressId,
        community_id: dev.community_id,
        user_regno: ctx.caller.regNo,
        account_id: ctx.caller.accountId,
        device_name: dev.name,
        num_open: i.numOpen,
        validfrom: from,
        validto: to,
        payload: '',
        groups_only: i.groupsOnly,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    if (groupIds.length)
      await trx
        .insertInto('visitor_qrcode_group')
        .values(groupIds.map((group_id) => ({ qrcode_id: id, group_id })))
        .execute();
    // A code without groups is exactly the single-unit code of §8 (same fields, same order).
    const body: QrBody = {
      id,
      ...(i.groupsOnly ? {} : { d: dev.serial }),
      ...(groupIds.length ? { g: groupIds } : {}),
      n: i.numOpen,
      f: Math.floor(from.getTime() / 1000),
      t: Math.floor(to.getTime() / 1000),
    };
    const payload = signQr(key, body);
    await trx.updateTable('visitor_qrcode').set({ payload }).where('id', '=', id).execute();
    await writeOpLog(trx, ctx, {
      menu: 'access.visitorcode',
      content: msg('op.qr.create', { name: dev.name, numOpen: i.numOpen }),
      communityId: dev.community_id,
      after: {
        id,
        regNo: dev.serial,
        numOpen: i.numOpen,
        validfrom: i.validfrom,
        validto: i.validto,
        ...(groupIds.length ? { groups: groupIds, groupsOnly: i.groupsOnly } : {}),
      },
    });
    return { id, payload };
  });
  const png = await QRCode.toBuffer(created.payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return { id: created.id, payload: created.payload, base64Str: png.toString('base64') };
}
