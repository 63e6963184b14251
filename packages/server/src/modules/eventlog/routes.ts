import { isAdminLevel, ROUTES } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { AuthCtx } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { assertExportable } from '../../xlsx/export-limit.ts';
import { streamWorkbook } from '../../xlsx/write.ts';
import {
  accessLogQuery,
  type EventQ,
  type EventRaw,
  entranceQuery,
  eventRows,
  presentAccessLog,
  presentEntrance,
  presentQrcode,
  type QrQ,
  type QrRaw,
  qrcodeQuery,
  qrcodeRows,
} from './queries.ts';
import { cheapPage, keyset } from './total.ts';

const E = ROUTES.eventlog;
const isDesc = (order: 'asc' | 'desc' | undefined) => (order ?? 'desc') === 'desc';
const one = sql<number>`1`.as('x');

/** Every event of the filtered list, keyset-paged over (time, id). */
const allEvents = (q: EventQ, desc: boolean) =>
  keyset<EventRaw>((after, limit) => eventRows(q, desc, after && { time: after.time, id: Number(after.id) }, limit));
const allQrcodes = (q: QrQ, desc: boolean) =>
  keyset<QrRaw>((after, limit) => qrcodeRows(q, desc, after && { created_at: after.created_at, id: Number(after.id) }, limit));

async function* cells<R>(rows: AsyncIterable<R>, toCells: (r: R) => (string | number)[]) {
  for await (const r of rows) yield toCells(r);
}

const headers = (ctx: AuthCtx, keys: string[]) => keys.map((k) => t(ctx.lang, `eventlog.col.${k}`));
const label = (ctx: AuthCtx, kind: 'type' | 'result' | 'cardMode', n: number) => t(ctx.lang, `eventlog.${kind}.${n}`);

export const eventlogHandlers: Registered[] = [
  handle(E.getAccessLogPage, async (input, ctx) => {
    const q = await accessLogQuery(ctx, input);
    return cheapPage(ctx.db, q, input, isDesc(input.order), eventRows, (r) => presentAccessLog(ctx, r));
  }),

  handle(E.exportAccessLog, async (input, ctx, { reply }) => {
    const q = await accessLogQuery(ctx, input);
    await assertExportable(ctx.db, ctx.config.EXPORT_MAX_ROWS, q.select(one));
    const keys = ['communityname', 'time', 'addressName', 'unlockUserName', 'type', 'result', 'account', 'cardNum', 'cardMode'];
    const sheet = t(ctx.lang, 'eventlog.sheet.accesslog');
    const rows = cells(allEvents(q, isDesc(input.order)), (raw) => {
      const r = presentAccessLog(ctx, raw);
      const mode = label(ctx, 'cardMode', r.CARD_MODE);
      return [
        r.communityname,
        r.time,
        r.addressName,
        r.unlockUserName,
        label(ctx, 'type', r.type),
        label(ctx, 'result', r.result),
        r.account,
        r.CARD_NUM,
        mode,
      ];
    });
    await streamWorkbook(reply, `${sheet}.xlsx`, sheet, headers(ctx, keys), rows);
    return undefined;
  }),

  handle(E.getAccessReportlistByPage, async (input, ctx) => {
    const q = await entranceQuery(ctx, input);
    return cheapPage(ctx.db, q, input, isDesc(input.order), eventRows, (r) => presentEntrance(ctx, r));
  }),

  handle(E.exportAccessReport, async (input, ctx, { reply }) => {
    const q = await entranceQuery(ctx, input);
    await assertExportable(ctx.db, ctx.config.EXPORT_MAX_ROWS, q.select(one));
    const sheet = t(ctx.lang, 'eventlog.sheet.entrance');
    const rows = cells(allEvents(q, isDesc(input.order)), (raw) => {
      const r = presentEntrance(ctx, raw);
      return [r.deviceName, r.communityName, label(ctx, 'type', r.event), r.account, r.addtime];
    });
    await streamWorkbook(reply, `${sheet}.xlsx`, sheet, headers(ctx, ['deviceName', 'company', 'event', 'account', 'addtime']), rows);
    return undefined;
  }),

  handle(E.getQrcodelistByPage, async (input, ctx) => {
    const q = await qrcodeQuery(ctx, input);
    return cheapPage(ctx.db, q, input, isDesc(input.order), qrcodeRows, (r) => presentQrcode(ctx, r));
  }),

  handle(E.exportQrcodelist, async (input, ctx, { reply }) => {
    if (!isAdminLevel(ctx.caller.roleId)) throw forbidden();
    const q = await qrcodeQuery(ctx, input);
    await assertExportable(ctx.db, ctx.config.EXPORT_MAX_ROWS, q.select(one));
    const sheet = t(ctx.lang, 'eventlog.sheet.visitor');
    const keys = ['account', 'company', 'deviceName', 'numOpen', 'used', 'validfrom', 'validto', 'createTime'];
    const rows = cells(allQrcodes(q, isDesc(input.order)), (raw) => {
      const r = presentQrcode(ctx, raw);
      return [r.userRegno, r.communityName, r.deviceName, r.numOpen, r.used, r.validfrom ?? '', r.validto, r.createTime];
    });
    await streamWorkbook(reply, `${sheet}.xlsx`, sheet, headers(ctx, keys), rows);
    return undefined;
  }),
];
