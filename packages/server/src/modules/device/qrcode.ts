import { HARDWARE, msg, type Page, type ParsedInput, type QrCreated, type QrDeviceRow, type qrcodeRoutes } from '@gatehouse/contracts';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { qrKey, signQr } from '../../devices/qr-key.ts';
import type { AuthCtx } from '../../http/context.ts';
import { parseDateTime } from '../../http/dates.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, listScope, scopeIds } from '../../http/scope.ts';
import { likeArg } from '../../db/sql.ts';

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
  if (!scope.all) q = q.where('a.community_id', 'in', scopeIds(scope));
  if (i.addressName) q = q.where('a.name', 'ilike', likeArg(i.addressName));
  if (i.communityName) q = q.where('c.name', 'ilike', likeArg(i.communityName));
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q
    .select([
      'a.id as addressid',
      'a.name as addressName',
      'd.serial as addressRegNo',
      'c.name as communityName',
      'c.id as communityID',
      'd.online',
    ])
    .limit(i.rows)
    .offset(i.page * i.rows);
  page = i.sort ? page.orderBy(SORT[i.sort], i.order ?? 'asc').orderBy('a.id', 'desc') : page.orderBy('a.id', 'desc');
  return { rows: await page.execute(), total: total.n };
}

/**
 * Creates a visitor QR code for one door unit: a record (for the visitor screen) and
 * the signed text `GH1.<body>.<signature>` the unit checks offline (docs/device-protocol.md).
 */
export async function createQrcode(ctx: AuthCtx, i: ParsedInput<R['createQrcode']>): Promise<QrCreated> {
  const dev = await ctx.db
    .selectFrom('device as d')
    .innerJoin('address as a', 'a.id', 'd.address_id')
    .select(['d.id', 'd.serial', 'd.hardware', 'a.id as addressId', 'a.name', 'a.community_id'])
    .where('d.serial', '=', i.addressRegNo)
    .executeTakeFirst();
  if (!dev) throw notFound('device.noDevice');
  await assertCommunity(ctx.db, ctx.caller, dev.community_id);
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const payload = signQr(key, {
      id,
      d: dev.serial,
      n: i.numOpen,
      f: Math.floor(from.getTime() / 1000),
      t: Math.floor(to.getTime() / 1000),
    });
    await trx.updateTable('visitor_qrcode').set({ payload }).where('id', '=', id).execute();
    await writeOpLog(trx, ctx, {
      menu: 'access.visitorcode',
      content: msg('op.qr.create', { name: dev.name, numOpen: i.numOpen }),
      communityId: dev.community_id,
      after: { id, regNo: dev.serial, numOpen: i.numOpen, validfrom: i.validfrom, validto: i.validto },
    });
    return { id, payload };
  });
  const png = await QRCode.toBuffer(created.payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return { id: created.id, payload: created.payload, base64Str: png.toString('base64') };
}
