import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ACCESS_RESULT, ACCESS_TYPE, ADDRESS_TYPE, CARD_MODE, CMD_KIND, CMD_STATUS, ROLE, ROUTES } from '@gatehouse/contracts';
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
import { setCardGroups } from '../modules/rules/credential-groups.ts';
import { saveGroup } from '../modules/rules/groups.ts';
import { saveHoliday } from '../modules/rules/holidays.ts';
import { saveSchedule } from '../modules/rules/schedules.ts';
import { newSecret, secretBox } from '../modules/webhook/secret-box.ts';
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
  await accessRules(ctx, c, now, at);
  return codes;
}

/** The cleaners' hours: weekdays early and late, Saturday morning, nothing on Sunday; holidays like a Saturday. */
const CLEANERS_WEEK = [
  ['06:00-09:00', '17:00-20:00'],
  ['06:00-09:00', '17:00-20:00'],
  ['06:00-09:00', '17:00-20:00'],
  ['06:00-09:00', '17:00-20:00'],
  ['06:00-09:00', '17:00-20:00'],
  ['07:00-12:00'],
  [],
];

/**
 * Access rules of the first community (/access/rules, /access/review): a weekly schedule
 * for the cleaners, two holidays of the coming year, and an access group of both door units
 * on that schedule given to the patrol card of the property staff (10000002), so its
 * review shows the group and the units hold the card by the schedule.
 */
async function accessRules(
  ctx: AuthCtx,
  c: Awaited<ReturnType<typeof firstCommunity>>,
  now: Date,
  at: (daysAgo: number, hh: number, mm: number) => Date,
) {
  const R = ROUTES.rules;
  const schedule = await doneAt(ctx, at(DAYS - 2, 11, 3), () =>
    saveSchedule(
      ctx,
      R.saveSchedule.input.parse({
        communityId: c.id,
        name: '保洁员',
        week: JSON.stringify(CLEANERS_WEEK),
        holidayMode: 1,
        holidayWeekday: 6,
      }),
    ),
  );
  const year = Number(formatDateTime(now, ctx.config.TZ_NAME).slice(0, 4)) + 1;
  for (const [name, from, to] of [
    ['元旦', `${year}-01-01`, `${year}-01-01`],
    ['劳动节', `${year}-05-01`, `${year}-05-05`],
  ] as const) {
    await doneAt(ctx, at(DAYS - 2, 11, 10), () =>
      saveHoliday(ctx, R.saveHoliday.input.parse({ communityId: c.id, name, datefrom: from, dateto: to })),
    );
  }
  const group = await doneAt(ctx, at(DAYS - 2, 11, 18), () =>
    saveGroup(
      ctx,
      R.saveGroup.input.parse({
        communityId: c.id,
        name: '保洁通道',
        scheduleId: schedule.id,
        units: c.doors
          .slice(0, 2)
          .map((d) => d.id)
          .join(','),
      }),
    ),
  );
  const card = await ctx.db
    .selectFrom('card')
    .select('id')
    .where('community_id', '=', c.id)
    .where('card_no', '=', '10000002')
    .executeTakeFirst();
  if (card) await doneAt(ctx, at(DAYS - 2, 11, 25), () => setCardGroups(ctx, card.id, [group.id]));
}

/** The demo webhook URL: an example host (nothing listens), registered disabled so nothing is ever delivered. */
export const DEMO_WEBHOOK_URL = 'https://hooks.example.com/gatehouse';

/**
 * A disabled webhook registration of the administrator (/webhooks): disabled webhooks get
 * no deliveries queued (modules/webhook/outbox.ts), so the demo never calls the example
 * URL. Stored directly (registration would resolve the host name).
 */
async function demoWebhook(services: Services, now: Date) {
  const { db, config } = services;
  const admin = await db
    .selectFrom('account')
    .select('id')
    .where('role_id', 'in', [ROLE.superAdmin, ROLE.admin])
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) return;
  const created = new Date(now.getTime() - (DAYS - 1) * DAY);
  await db
    .insertInto('webhook')
    .values({
      url: DEMO_WEBHOOK_URL,
      kinds: JSON.stringify(['device.offline', 'command.failed', 'emergency']),
      description: '示例：值班系统 (demo, disabled)',
      secret_enc: secretBox(config).seal(newSecret()),
      enabled: false,
      created_by: admin.id,
      created_at: created,
      updated_at: created,
    })
    .execute();
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
      await qrKeyOn(services, sim);
      for (const hoursAgo of [2 * 24 + 3, 26, 5]) await sim.scanQr(code.payload, new Date(now.getTime() - hoursAgo * HOUR));
    }),
  );
}

/**
 * The unit checks QR codes offline with the server's key, which reaches it as a command: on a
 * busy machine well after the unit comes up, and a demo unit fails one command in twenty on
 * purpose. Waits for the key, and sends it again when the unit failed it, as staff would.
 */
async function qrKeyOn(services: Services, sim: SimulatedDevice): Promise<void> {
  const end = Date.now() + 180_000;
  while (sim.state.qrKey === null) {
    if (Date.now() > end) throw new Error(`${sim.serial}: no QR key within 180 s`);
    const failed = await services.db
      .updateTable('command as c')
      .set({ status: CMD_STATUS.notSent, info: '' })
      .from('device as d')
      .whereRef('d.id', '=', 'c.device_id')
      .where('d.serial', '=', sim.serial)
      .where('c.kind', '=', CMD_KIND.qrKey)
      .where('c.status', '=', CMD_STATUS.failed)
      .returning('c.device_id')
      .execute();
    if (failed.length) services.devices.dispatch(failed.map((f) => f.device_id));
    await sim.waitFor((s) => s.state.qrKey !== null, 2_000).catch(() => undefined);
  }
}

/**
 * Today's traffic at each demo unit, a few minutes before now (never before midnight), so
 * the overview's opens and refusals of today are never empty: residents' faces open, and an
 * unknown card and an unknown face are refused. No card opens here: the demo's two unused
 * cards stay unused.
 */
async function todayTraffic(services: Services, sims: SimulatedDevice[], now: Date) {
  const midnight = dayAt(services.config.TZ_NAME, now, 0, 0).getTime();
  const at = (minutesAgo: number) => new Date(Math.max(midnight, now.getTime() - minutesAgo * 60_000)).toISOString();
  // The residents' faces of each unit's community, read from the database: the opens do not
  // wait for the face commands (a busy machine may still be delivering them).
  const faces = await services.db
    .selectFrom('face as f')
    .innerJoin('device as d', 'd.community_id', 'f.community_id')
    .select(['d.serial', 'f.account', 'f.user_name'])
    .where(
      'd.serial',
      'in',
      sims.map((s) => s.serial),
    )
    .orderBy('f.id')
    .execute();
  await Promise.all(
    sims.map(async (sim, s) => {
      const mine = faces.filter((f) => f.serial === sim.serial).slice(0, 2);
      for (const [k, face] of mine.entries()) {
        await sim.emit({
          kind: 'access',
          eid: crypto.randomUUID(),
          time: at(s * 5 + k + 2),
          type: ACCESS_TYPE.face,
          result: ACCESS_RESULT.ok,
          account: face.account,
          userName: face.user_name,
        });
      }
      const refused = { kind: 'access', result: ACCESS_RESULT.unknown } as const;
      await sim.emit({
        ...refused,
        eid: crypto.randomUUID(),
        time: at(s * 5 + 3),
        type: ACCESS_TYPE.invalidCard,
        cardNum: `99${String(s).padStart(8, '0')}`,
        cardMode: CARD_MODE.ic,
      });
      await sim.emit({ ...refused, eid: crypto.randomUUID(), time: at(s * 5 + 4), type: ACCESS_TYPE.unknownFace });
    }),
  );
}

/** The demo's history on its first start (devices.ts calls it once the demo units run). */
export async function seedDemoHistory(services: Services, sims: SimulatedDevice[], now = new Date()): Promise<void> {
  await demoWebhook(services, now);
  const codes = await officeWork(services, now);
  await doorHistory(services, sims, codes, now);
  await todayTraffic(services, sims, now);
}
