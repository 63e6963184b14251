import { isAdminLevel, ROUTES } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';
import { streamBatch } from '../../db/index.ts';
import { formatDateTime } from '../../http/dates.ts';
import { forbidden } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { assertExportable } from '../../xlsx/export-limit.ts';
import { streamWorkbook } from '../../xlsx/write.ts';
import {
  accessLogQuery,
  type EventQ,
  type EventTuple,
  entranceQuery,
  eventSelect,
  eventStream,
  matchesFirst,
  presentAccessLog,
  presentEntrance,
  presentQrcode,
  type QrcodeFilters,
  qrcodeSelect,
  qrcodeQuery,
} from './queries.ts';
import { keysetStream } from '../../db/keyset.ts';
import { listExport } from '../../http/list-export.ts';
import { isDesc, listScreen } from '../../http/list-screen.ts';

const E = ROUTES.eventlog;
/** Up to this many matches, a narrowed list reads its matches first (`matchesFirst`). */
const FEW = 2000;
/** A list input narrowed by one of `keys` (not its paging, order or dates) reads its few matches first. */
const fewFirst =
  (...keys: string[]) =>
  (ctx: AuthCtx, input: object) =>
    keys.some((k) => ![undefined, ''].includes((input as Record<string, unknown>)[k] as string))
      ? { under: FEW, from: matchesFirst(ctx.db) }
      : undefined;

/**
 * Every event of the filtered list, keyset-paged over (time, id), each batch streamed as arrays:
 * a row lives a few milliseconds, too short to reach V8's old generation, so the export's memory
 * stays flat (docs/performance.md, Exports).
 */
const allEvents = (ctx: AuthCtx, q: EventQ, desc: boolean) =>
  keysetStream<EventTuple>((after, limit) => eventStream(ctx.db, q, desc, after, limit), streamBatch(ctx.db));
const headers = (ctx: AuthCtx, keys: string[]) => keys.map((k) => t(ctx.lang, `eventlog.col.${k}`));
/** Code labels per language, looked up once (an export asks for them on every row). */
const labels = new Map<string, string>();
const cachedT = (lang: AuthCtx['lang'], key: string) => {
  const k = `${lang}|${key}`;
  let v = labels.get(k);
  if (v === undefined) {
    v = t(lang, key);
    labels.set(k, v);
  }
  return v;
};
const label = (ctx: AuthCtx, kind: 'type' | 'result' | 'cardMode', n: number) => cachedT(ctx.lang, `eventlog.${kind}.${n}`);

export const eventlogHandlers: Registered[] = [
  handle(
    E.getAccessLogPage,
    listScreen(accessLogQuery, eventSelect, presentAccessLog, {
      few: fewFirst('communityName', 'addressName', 'account', 'type', 'unlockUserName', 'CARD_MODE', 'CARD_NUM', 'result'),
    }),
  ),

  handle(E.exportAccessLog, async (input, ctx, { reply }) => {
    const q = await accessLogQuery(ctx, input);
    const total = await assertExportable(ctx, q);
    const keys = ['communityname', 'time', 'addressName', 'unlockUserName', 'type', 'result', 'account', 'cardNum', 'cardMode'];
    const sheet = t(ctx.lang, 'eventlog.sheet.accesslog');
    const tz = ctx.config.TZ_NAME;
    // The cells of presentAccessLog, read from the batch's arrays (EventTuple).
    const toCells = (e: EventTuple) => {
      const refusal = e[9];
      return [
        e[10] ?? '',
        formatDateTime(e[1], tz),
        e[11] ?? '',
        e[5],
        label(ctx, 'type', e[2]),
        refusal ? `${label(ctx, 'result', e[3])}: ${cachedT(ctx.lang, `eventlog.refusal.${refusal}`)}` : label(ctx, 'result', e[3]),
        e[4],
        e[6],
        label(ctx, 'cardMode', e[7]),
      ];
    };
    await streamWorkbook(reply, `${sheet}.xlsx`, sheet, headers(ctx, keys), allEvents(ctx, q, isDesc(input.order)), total, toCells);
    return undefined;
  }),

  handle(
    E.getAccessReportlistByPage,
    listScreen(entranceQuery, eventSelect, presentEntrance, { few: fewFirst('deviceName', 'communityName', 'account', 'event') }),
  ),

  handle(E.exportAccessReport, async (input, ctx, { reply }) => {
    const q = await entranceQuery(ctx, input);
    const total = await assertExportable(ctx, q);
    const sheet = t(ctx.lang, 'eventlog.sheet.entrance');
    const tz = ctx.config.TZ_NAME;
    // The cells of presentEntrance, read from the batch's arrays (EventTuple).
    const toCells = (e: EventTuple) => [e[8], e[10] ?? '', label(ctx, 'type', e[2]), e[4], formatDateTime(e[1], tz)];
    await streamWorkbook(
      reply,
      `${sheet}.xlsx`,
      sheet,
      headers(ctx, ['deviceName', 'company', 'event', 'account', 'addtime']),
      allEvents(ctx, q, isDesc(input.order)),
      total,
      toCells,
    );
    return undefined;
  }),

  handle(E.getQrcodelistByPage, listScreen(qrcodeQuery, qrcodeSelect, presentQrcode)),

  handle(
    E.exportQrcodelist,
    listExport(
      async (ctx, input: QrcodeFilters) => {
        if (!isAdminLevel(ctx.caller.roleId)) throw forbidden();
        return qrcodeQuery(ctx, input);
      },
      qrcodeSelect,
      { sort: 'created_at', id: 'id' },
      (ctx) => ({
        name: t(ctx.lang, 'eventlog.sheet.visitor'),
        headers: headers(ctx, ['account', 'company', 'deviceName', 'numOpen', 'used', 'validfrom', 'validto', 'createTime']),
      }),
      (ctx, raw) => {
        const r = presentQrcode(ctx, raw);
        return [r.userRegno, r.communityName, r.deviceName, r.numOpen, r.used, r.validfrom ?? '', r.validto, r.createTime];
      },
    ),
  ),
];
