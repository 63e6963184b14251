import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ACCESS_TYPE, ADDRESS_TYPE, ROLE, ROUTES } from '@gatehouse/contracts';
import type { SimulatedDevice } from '@gatehouse/device-sim';
import { sql } from 'kysely';
import { menuIdsOf } from '../http/auth.ts';
import type { AuthCtx, Services } from '../http/context.ts';
import { formatDateTime, parseDateTime } from '../http/dates.ts';
import { t } from '../http/i18n.ts';
import type { UploadedFile } from '../http/uploads.ts';
import { importAmts } from '../modules/address/amt-import.ts';
import { saveCommunityRule } from '../modules/community/rule.ts';
import { createQrcode } from '../modules/device/qrcode.ts';
import { createNotice } from '../modules/notice/service.ts';
import { workbookBuffer } from '../xlsx/write.ts';

/** The demo supervisor (物业主管, role 4) does the demo's history: its op log and messages are his. */
const SUPERVISOR = '13900000004';
/** Days of history before now. */
const DAYS = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A caller context for an account, as if it had signed in (history is made through the services). */
async function actAs(services: Services, regNo: string): Promise<AuthCtx> {
  const a = await services.db
    .selectFrom('account')
    .select(['id', 'role_id', 'reg_no', 'name', 'community_id'])
    .where('reg_no', '=', regNo)
    .executeTakeFirstOrThrow();
  const menuIds = await menuIdsOf(services.db, a.id, a.role_id);
  return {
    ...services,
    lang: 'zh-CN',
    ip: '127.0.0.1',
    caller: { sessionId: 0, accountId: a.id, roleId: a.role_id, regNo: a.reg_no, name: a.name, communityId: a.community_id ?? 0, menuIds },
  };
}

/** A file as an upload would leave it (in DATA_DIR/tmp); the service moves what it keeps. */
async function upload(services: Services, filename: string, mimetype: string, body: Buffer): Promise<UploadedFile> {
  const dir = path.join(services.config.dataDir, 'tmp');
  await fs.promises.mkdir(dir, { recursive: true });
  const p = path.join(dir, crypto.randomUUID());
  await fs.promises.writeFile(p, body);
  return { field: 'file', filename, mimetype, path: p, size: body.length, truncated: false };
}

/** Start of the day `daysAgo` days before now in the server's time zone, plus `minutes`. */
function dayAt(tz: string, now: Date, daysAgo: number, minutes: number): Date {
  const day = formatDateTime(new Date(now.getTime() - daysAgo * DAY), tz).slice(0, 10);
  return new Date((parseDateTime(day, tz) as Date).getTime() + minutes * 60_000);
}

/** Rows a piece of office work leaves, with the column of its time. */
const DATED = [
  ['op_log', 'addtime', 'account_id'],
  ['message', 'created_at', 'creator_id'],
  ['notice', 'created_at', 'creator_id'],
  ['visitor_qrcode', 'created_at', 'account_id'],
] as const;

/**
 * Does `work` as if at `time` (a moment in the past): the op log rows, messages,
 * notices and QR records it makes (the caller's, newer than before) get that time, so
 * the history spans the last days.
 */
async function doneAt<T>(ctx: AuthCtx, time: Date, work: () => Promise<T>): Promise<T> {
  const { db } = ctx;
  const last = async (table: string) =>
    Number((await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
  const before = await Promise.all(DATED.map(([table]) => last(table)));
  const out = await work();
  for (const [i, [table, column, actor]] of DATED.entries())
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${time}
      where id > ${before[i]} and ${sql.ref(actor)} = ${ctx.caller.accountId}`.execute(db);
  return out;
}

/**
 * The demo's first community and its door units, households and devices (DEMO-…),
 * as seeded by data.ts and devices.ts.
 */
async function firstCommunity(services: Services) {
  const c = await services.db.selectFrom('community').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirstOrThrow();
  const addresses = await services.db
    .selectFrom('address as a')
    .leftJoin('device as d', 'd.address_id', 'a.id')
    .select(['a.id', 'a.address', 'a.type', 'd.serial'])
    .where('a.community_id', '=', c.id)
    .orderBy('a.id')
    .execute();
  const doors = addresses.filter((a) => a.type === ADDRESS_TYPE.doorUnit);
  const homes = addresses.filter((a) => a.type === ADDRESS_TYPE.householder);
  return { ...c, doors, homes };
}

/**
 * Office work of the last days, done as the demo supervisor through the product's
 * services (so the op log, the import-history message and its source file are real):
 * an attendance rule, two notices (one with an attachment), a call-code import for the
 * first door unit (the units receive their tables), visitor QR codes.
 */
async function officeWork(services: Services, now: Date) {
  const ctx = await actAs(services, SUPERVISOR);
  const tz = services.config.TZ_NAME;
  const c = await firstCommunity(services);
  const day = (daysAgo: number) => formatDateTime(new Date(now.getTime() - daysAgo * DAY), tz).slice(0, 10);
  const at = (daysAgo: number, hh: number, mm: number) => dayAt(tz, now, daysAgo, hh * 60 + mm);

  await doneAt(ctx, at(DAYS, 9, 12), () =>
    saveCommunityRule(
      ctx,
      ROUTES.community.createCommunityRule.input.parse({ communityid: c.id, vtype: 1, type: 2, starttime: '09:00', endtime: '18:00' }),
    ),
  );

  const sheet = t(ctx.lang, 'sheet.amt');
  const headers = ['col.amt.caller', 'col.amt.code', 'col.amt.called'].map((k) => t(ctx.lang, k));
  const rows = c.homes.slice(0, 4).map((h, i) => ['', String(101 + i), h.address]);
  const xlsx = await upload(
    services,
    `${sheet}.xlsx`,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    await workbookBuffer(sheet, headers, rows),
  );
  await doneAt(ctx, at(DAYS - 1, 10, 26), () => importAmts(ctx, c.id, c.doors[0]?.id, xlsx));

  const rules = Buffer.from(`${c.name}\n\n1. 访客请在门口机扫描访客二维码。\n2. 装修时间：工作日 08:00-12:00、14:00-18:00。\n`, 'utf8');
  const notices = [
    {
      title: '小区管理规定',
      content: '请业主阅读附件中的小区管理规定。',
      files: [await upload(services, '小区管理规定.txt', 'text/plain', rules)],
    },
    { title: '电梯保养通知', content: '本周六上午 9:00-11:00 进行电梯保养，请提前安排出行。', files: [] },
  ];
  for (const [i, n] of notices.entries()) {
    const input = ROUTES.notice.uploadNoticeFiles.input.parse({
      title: n.title,
      content: n.content,
      communityId: c.id,
      validfrom: day(DAYS),
      validto: day(-30),
    });
    await doneAt(ctx, at(DAYS - 1 - i, 15, 40), () => createNotice(ctx, input, n.files));
  }

  const codes: { serial: string; payload: string }[] = [];
  for (const door of c.doors) {
    if (!door.serial) continue;
    const input = ROUTES.qrcode.createQrcode.input.parse({
      addressRegNo: door.serial,
      numOpen: 3,
      validfrom: `${day(DAYS)} 00:00:00`,
      validto: `${day(-7)} 23:59:59`,
    });
    const qr = await doneAt(ctx, at(DAYS, 8, 5), () => createQrcode(ctx, input));
    codes.push({ serial: door.serial, payload: qr.payload });
  }
  return codes;
}

/** The people who punch at each community's door units: its demo accounts, except door-unit accounts. */
async function workers(services: Services): Promise<Map<number, { account: string; userName: string }[]>> {
  const rows = await services.db
    .selectFrom('account')
    .select(['reg_no', 'name', 'community_id'])
    .where('community_id', 'is not', null)
    .where('role_id', '!=', ROLE.doorUnit)
    .orderBy('id')
    .execute();
  const by = new Map<number, { account: string; userName: string }[]>();
  for (const r of rows)
    by.set(r.community_id as number, [...(by.get(r.community_id as number) ?? []), { account: r.reg_no, userName: r.name }]);
  return by;
}

/**
 * A few days of history at the demo door units, emitted by the simulated units like
 * their live events: each worker punches at one unit of the community in the morning
 * and the evening of the last days (never after now), and visitors scan the QR codes
 * (so the visitor records show used opens).
 */
async function doorHistory(services: Services, sims: SimulatedDevice[], codes: { serial: string; payload: string }[], now: Date) {
  const tz = services.config.TZ_NAME;
  const people = await workers(services);
  const units = await services.db
    .selectFrom('device as d')
    .innerJoin('address as a', 'a.id', 'd.address_id')
    .select(['d.serial', 'a.community_id'])
    .where('d.serial', 'in', sims.length ? sims.map((s) => s.serial) : [''])
    .orderBy('d.serial')
    .execute();
  const sent: Promise<void>[] = [];
  for (const [communityId, who] of people) {
    const here = sims.filter((s) => units.some((u) => u.serial === s.serial && u.community_id === communityId));
    for (const [i, p] of who.entries()) {
      const sim = here[i % Math.max(1, here.length)];
      if (!sim) continue;
      for (let d = DAYS; d >= 0; d--) {
        const morning = dayAt(tz, now, d, 8 * 60 + 40 + ((i * 7 + d * 3) % 30));
        const evening = dayAt(tz, now, d, 18 * 60 + 5 + ((i * 11 + d * 13) % 50));
        // Today before the morning punch: the worker came in a few minutes ago (the daily
        // detail of the current month is never empty, even on the first of a month).
        const early = new Date(Math.max(dayAt(tz, now, 0, 0).getTime(), now.getTime() - (i + 1) * 60_000));
        for (const time of [morning < now ? morning : early, evening].filter((x) => x < now)) {
          sent.push(sim.emit({ kind: 'punch', eid: crypto.randomUUID(), time: time.toISOString(), type: ACCESS_TYPE.face, ...p }));
        }
      }
    }
  }
  await Promise.all(sent);
  await Promise.all(
    codes.map(async (code) => {
      const sim = sims.find((s) => s.serial === code.serial);
      if (!sim) return;
      // The unit checks QR codes offline with the server's key, which reaches it as a command.
      await sim.waitFor((s) => s.state.qrKey !== null);
      for (const hoursAgo of [2 * 24 + 3, 26, 5]) await sim.scanQr(code.payload, new Date(now.getTime() - hoursAgo * HOUR));
    }),
  );
}

/** The demo's history on its first start (devices.ts calls it once the demo units run). */
export async function seedDemoHistory(services: Services, sims: SimulatedDevice[], now = new Date()): Promise<void> {
  const codes = await officeWork(services, now);
  await doorHistory(services, sims, codes, now);
}
