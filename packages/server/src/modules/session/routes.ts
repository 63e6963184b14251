import { ALL_ROLES, CREATABLE_ROLES, codeFromLang, ROUTES, roleNameKey } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { brokerHealth } from '../../devices/provision/index.ts';
import { Answer, doneAnswer } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { createCaptcha } from './captcha.ts';
import { checkCode, countCodeTry, sendCode } from './codes.ts';
import * as session from './service.ts';

const S = ROUTES.session;
/** The health check's database probe gives up after this (a database that hangs is down too). */
const DB_PROBE_MS = 2000;

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), DB_PROBE_MS);
  });
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}
const CAPTCHA_COOKIE = 'gh_captcha';

export const sessionHandlers: Registered[] = [
  handle(S.login, async (input, ctx, { req }) => session.login(ctx, input, req.cookies[CAPTCHA_COOKIE])),

  handle(S.getRolesByRegNo, async (input, ctx) => session.rolesByRegNo(ctx, input.regNo)),

  handle(S.captcha, async (_input, ctx, { reply }) => {
    const { id, svg } = await createCaptcha(ctx.db);
    reply
      .setCookie(CAPTCHA_COOKIE, id, { path: '/api', httpOnly: true, sameSite: 'strict', maxAge: 300 })
      .header('cache-control', 'no-store')
      .type('image/svg+xml')
      .send(svg);
    return undefined;
  }),

  handle(S.setLanguage, async (input, ctx, { reply }) => {
    const lang = await session.setLanguage(ctx, input.type);
    reply.setCookie('gh_lang', codeFromLang(lang), { path: '/', sameSite: 'lax' });
    return new Answer(200, { type: input.type }, ['lang.set']);
  }),

  handle(S.updateCommunityId, async (input, ctx) => session.updateCommunity(ctx, input.communityId)),

  // Counted before the number is looked up, and answered alike whether it is registered or not
  // (an unregistered number gets no SMS): the answer does not tell which numbers have accounts.
  handle(S.sendVcode, async (input, ctx) => {
    await sendCode(ctx, input.phoneNumber, 'verify', () => session.isKnownPhone(ctx, input.phoneNumber));
    return new Answer(200, null, ['sms.sentIfKnown']);
  }),

  handle(S.sendVcodeAdmin, async (input, ctx) => {
    await session.assertKnownPhone(ctx, input.phoneNumber, true);
    await sendCode(ctx, input.phoneNumber, 'login');
    return new Answer(200, null, ['sms.sent']);
  }),

  handle(S.validatePhoVcode, async (input, ctx) => {
    await countCodeTry(ctx, input.phoneNumber);
    return doneAnswer(checkCode(ctx, input.phoneNumber, 'verify', input.vcode, false), 'reset.codeOk');
  }),

  handle(S.resetPwd, async (input, ctx) => {
    await countCodeTry(ctx, input.phoneNumber);
    return doneAnswer(session.resetPassword(ctx, input.phoneNumber, input.vcode, input.pwd), 'reset.done');
  }),

  handle(S.activeUser, async (input, ctx) => {
    await countCodeTry(ctx, input.phoneNumber);
    return doneAnswer(session.activate(ctx, input.phoneNumber, input.vcode), 'active.done');
  }),

  // Counted per client address and per number before the number is looked up.
  handle(S.verifyUser, async (input, ctx) => {
    await countCodeTry(ctx, input.phoneNumber);
    await session.assertKnownPhone(ctx, input.phoneNumber);
    return null;
  }),

  handle(S.getSession, async (_input, ctx) =>
    session.sessionContent(ctx, ctx.caller.accountId, ctx.caller.roleId, ctx.caller.communityId, ctx.lang),
  ),

  // What is down is said, not thrown: 503 with `db` and/or `mqtt` "down" (docs/operations.md "Health").
  handle(S.health, async (_input, ctx) => {
    const db = (await databaseAnswers(ctx.db)) ? 'up' : 'down';
    const mqtt = ctx.devices.mode === 'off' ? 'off' : ctx.devices.connected() ? 'up' : 'down';
    const ok = db === 'up' && mqtt !== 'down';
    const content = { ok, db, mqtt, broker: brokerHealth(ctx.devices, ctx.config) };
    return ok ? content : new Answer(503, content);
  }),

  handle(ROUTES.logout.logout, async (_input, ctx) =>
    doneAnswer(
      ctx.db.updateTable('session').set({ revoked_at: sql<Date>`now()` }).where('id', '=', ctx.caller.sessionId).execute(),
      'login.loggedOut',
    ),
  ),

  handle(ROUTES.role.getRolesKeyValue, async (_input, ctx) =>
    CREATABLE_ROLES.map((r) => ({ intValue: r, label: t(ctx.lang, roleNameKey(r)) })),
  ),

  handle(ROUTES.role.getSearchRolesKeyValues, async (_input, ctx) =>
    ALL_ROLES.filter((r) => r !== 0).map((r) => ({ intValue: r, label: t(ctx.lang, roleNameKey(r)) })),
  ),
];
