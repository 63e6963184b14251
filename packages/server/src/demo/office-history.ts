import { ROLE, ROUTES } from '@gatehouse/contracts';
import type { AuthCtx, Services } from '../http/context.ts';
import { formatDateTime } from '../http/dates.ts';
import { t } from '../http/i18n.ts';
import { importAmts } from '../modules/address/amt-import.ts';
import { saveCommunityRule } from '../modules/attendance/rule.ts';
import { createQrcode } from '../modules/device/qrcode.ts';
import { createNotice } from '../modules/notice/service.ts';
import { setCardGroups } from '../modules/rules/credential-groups.ts';
import { saveGroup } from '../modules/rules/groups.ts';
import { saveHoliday } from '../modules/rules/holidays.ts';
import { saveSchedule } from '../modules/rules/schedules.ts';
import { newSecret, secretBox } from '../modules/webhook/signing.ts';
import { workbookBuffer } from '../xlsx/write.ts';
import { actAs, DAY, DAYS, dayAt, doneAt, firstCommunity, SUPERVISOR, savedAt, upload } from './acting.ts';

/**
 * Office work of the last days, done as the demo supervisor through the product's
 * services (so the op log, the import-history message and its source file are real):
 * an attendance rule, two notices (one with an attachment), a call-code import for the
 * first door unit (the units receive their tables), visitor QR codes.
 */
export async function officeWork(services: Services, now: Date) {
  const ctx = await actAs(services, SUPERVISOR);
  const tz = services.config.TZ_NAME;
  const c = await firstCommunity(services);
  const day = (daysAgo: number) => formatDateTime(new Date(now.getTime() - daysAgo * DAY), tz).slice(0, 10);
  const at = (daysAgo: number, hh: number, mm: number) => dayAt(tz, now, daysAgo, hh * 60 + mm);

  const rule = { communityid: c.id, vtype: 1, type: 2, starttime: '09:00', endtime: '18:00' };
  await savedAt(ctx, at(DAYS, 9, 12), ROUTES.community.createCommunityRule, saveCommunityRule, rule);

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
    // Visitor QR codes are for the simulated MQTT units, which scan them (the vendor terminals read cards and faces).
    if (!door.serial || door.unit_kind !== 'gatehouse-mqtt') continue;
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
  const schedule = await savedAt(ctx, at(DAYS - 2, 11, 3), R.saveSchedule, saveSchedule, {
    communityId: c.id,
    name: '保洁员',
    week: JSON.stringify(CLEANERS_WEEK),
    holidayMode: 1,
    holidayWeekday: 6,
  });
  const year = Number(formatDateTime(now, ctx.config.TZ_NAME).slice(0, 4)) + 1;
  for (const [name, from, to] of [
    ['元旦', `${year}-01-01`, `${year}-01-01`],
    ['劳动节', `${year}-05-01`, `${year}-05-05`],
  ] as const) {
    await savedAt(ctx, at(DAYS - 2, 11, 10), R.saveHoliday, saveHoliday, { communityId: c.id, name, datefrom: from, dateto: to });
  }
  const units = c.doors
    .slice(0, 2)
    .map((d) => d.id)
    .join(',');
  const group = await savedAt(ctx, at(DAYS - 2, 11, 18), R.saveGroup, saveGroup, {
    communityId: c.id,
    name: '保洁通道',
    scheduleId: schedule.id,
    units,
  });
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
 * no deliveries queued (modules/webhook/delivery-queue.ts), so the demo never calls the example
 * URL. Stored directly (registration would resolve the host name).
 */
export async function demoWebhook(services: Services, now: Date) {
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
