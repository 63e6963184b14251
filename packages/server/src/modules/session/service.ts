import {
  codeFromLang,
  isSystemAdmin,
  type Lang,
  langFromCode,
  type ParsedInput,
  type ROUTES,
  roleNameKey,
  type SessionContent,
  STATUS,
} from '@gatehouse/contracts';
import { sql } from 'kysely';
import { menuIdsOf, openSession, revokeSessions } from '../../http/auth.ts';
import type { AuthCtx, Ctx } from '../../http/context.ts';
import { Answer, AppError, badRequest, tooMany } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { assertCommunity } from '../../http/scope.ts';
import { checkCaptcha, dropCaptcha } from './captcha.ts';
import { checkCode } from './codes.ts';
import { countLoginAttempt } from './login-throttle.ts';
import { defaultPath, menuTree } from '../../http/menu-tree.ts';
import { factorPrompt, secondFactorRefusal } from './second-factor.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../crypto/passwords.ts';

type LoginInput = ParsedInput<typeof ROUTES.session.login>;

/** Sign-in (000 §2, §4): captcha, password, role, then activation (203) and the admin SMS factor (205). */
export async function login(ctx: Ctx, input: LoginInput, captchaId: string | undefined): Promise<Answer<unknown>> {
  const attempt = await countLoginAttempt(ctx, input.username, input.roleId);
  const fail = async (ref: string): Promise<never> => {
    await dropCaptcha(ctx.db, captchaId);
    throw badRequest(ref);
  };

  if (ctx.config.CAPTCHA === 'on') {
    const c = await checkCaptcha(ctx.db, captchaId, input.vcode);
    if (c !== 'ok') await fail(c === 'expired' ? 'login.captchaExpired' : 'login.badCaptcha');
  }

  const account = await ctx.db
    .selectFrom('account')
    .select(['id', 'reg_no', 'name', 'password_hash', 'role_id', 'state', 'community_id', 'lang'])
    .where('reg_no', '=', input.username)
    .where('role_id', '=', input.roleId)
    .executeTakeFirst();
  const passOk = await verifyPassword(account?.password_hash ?? (await dummyHash()), input.password);
  if (!account || !passOk) return fail('login.badCredentials');
  // An imported password was stored at the cheaper import cost: store it at the full cost now (docs/security.md).
  if (needsRehash(account.password_hash))
    await ctx.db
      .updateTable('account')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', account.id)
      .execute();
  if (account.state === 2) return fail('login.disabled');
  if (account.state === 0) return attempt.succeeded(new Answer(STATUS.notActivated, { phoneNumber: account.reg_no }, ['err.notActivated']));
  if (isSystemAdmin(account.role_id)) {
    if (!input.dx) return attempt.succeeded(new Answer(STATUS.needPhoneVerify, await factorPrompt(ctx, account), ['err.needPhoneVerify']));
    const refused = await secondFactorRefusal(ctx, account, input.dx);
    if (refused) await fail(refused);
  }
  await attempt.succeeded(null);
  await dropCaptcha(ctx.db, captchaId);

  const communityId = account.role_id === 7 || account.role_id >= 10 ? (account.community_id ?? 0) : 0;
  const lang = ctx.lang;
  const token = await openSession(ctx.db, {
    accountId: account.id,
    roleId: account.role_id,
    communityId,
    lang,
    ip: ctx.ip,
    maxHours: ctx.config.SESSION_MAX_HOURS,
  });
  await ctx.db.updateTable('account').set({ lang }).where('id', '=', account.id).execute();
  const content = await sessionContent(ctx, account.id, account.role_id, communityId, lang);
  return new Answer(STATUS.ok, { token, ...content });
}

/** What the shell needs of a session: user, role, community and the menus of this account. */
export async function sessionContent(
  ctx: Ctx,
  accountId: number,
  roleId: number,
  communityId: number,
  lang: Lang,
): Promise<Omit<SessionContent, 'token'>> {
  const account = await ctx.db.selectFrom('account').select(['id', 'name', 'reg_no']).where('id', '=', accountId).executeTakeFirstOrThrow();
  const ids = await menuIdsOf(ctx.db, accountId, roleId);
  return {
    defaultPath: defaultPath(ids),
    menus: menuTree(lang, ids),
    roleId,
    communityId,
    communityName: await communityName(ctx, communityId, lang),
    lang: codeFromLang(lang),
    user: { userid: account.id, name: account.name, regNo: account.reg_no, roleName: t(lang, roleNameKey(roleId)) },
  };
}

async function communityName(ctx: Ctx, communityId: number, lang: Lang): Promise<string> {
  if (!communityId) return t(lang, 'community.all');
  const c = await ctx.db.selectFrom('community').select('name').where('id', '=', communityId).executeTakeFirst();
  return c?.name ?? t(lang, 'community.all');
}

/** Roles a phone number holds (for the sign-in role choice). Unknown numbers get an empty list. */
export async function rolesByRegNo(ctx: Ctx, regNo: string) {
  const r = await ctx.limiter.hit(`roles:ip:${ctx.ip}`, 120, 60);
  if (!r.allowed) throw tooMany(r.retryAfter);
  const rows = await ctx.db.selectFrom('account').select('role_id').where('reg_no', '=', regNo).orderBy('role_id').execute();
  return rows.map((row) => ({ intValue: row.role_id, label: t(ctx.lang, roleNameKey(row.role_id)) }));
}

export async function setLanguage(ctx: Ctx, code: string): Promise<Lang> {
  const lang = langFromCode(code);
  if (ctx.caller) {
    await ctx.db.updateTable('session').set({ lang }).where('id', '=', ctx.caller.sessionId).execute();
    await ctx.db.updateTable('account').set({ lang }).where('id', '=', ctx.caller.accountId).execute();
  }
  return lang;
}

/** Stores the chosen community (0 = all) on the session; it must be in the caller's scope. */
export async function updateCommunity(ctx: AuthCtx, communityId: number) {
  if (communityId !== 0) await assertCommunity(ctx.db, ctx.caller, communityId);
  await ctx.db.updateTable('session').set({ community_id: communityId }).where('id', '=', ctx.caller.sessionId).execute();
  return { communityId, communityName: await communityName(ctx, communityId, ctx.lang) };
}

async function accountsByPhone(ctx: Ctx, phone: string) {
  return ctx.db.selectFrom('account').select(['id', 'state', 'role_id']).where('reg_no', '=', phone).execute();
}

/** Activation (203 flow): the SMS code proves the phone; inactive accounts of it become normal. */
export async function activate(ctx: Ctx, phone: string, code: string): Promise<void> {
  const accounts = await accountsByPhone(ctx, phone);
  // An unregistered number has no code: answered as a wrong code, not as "not registered".
  if (!accounts.length) throw new AppError(400, ['login.badSmsCode']);
  if (!accounts.some((a) => a.state === 0)) throw badRequest('active.already');
  await checkCode(ctx, phone, 'verify', code, true);
  await ctx.db
    .updateTable('account')
    .set({ state: 1, updated_at: sql<Date>`now()` })
    .where('reg_no', '=', phone)
    .where('state', '=', 0)
    .execute();
}

/** Forgotten password: the code proves the phone; every account of it gets the new password. */
export async function resetPassword(ctx: Ctx, phone: string, code: string, pwd: string): Promise<void> {
  const accounts = await accountsByPhone(ctx, phone);
  if (!accounts.length) throw new AppError(400, ['login.badSmsCode']);
  if (accounts.every((a) => isSystemAdmin(a.role_id))) throw badRequest('pwd.adminRefused');
  await checkCode(ctx, phone, 'verify', code, true);
  const hash = await hashPassword(pwd);
  await ctx.db.transaction().execute(async (trx) => {
    const ids = accounts.filter((a) => !isSystemAdmin(a.role_id)).map((a) => a.id);
    await trx.updateTable('account').set({ password_hash: hash, updated_at: sql<Date>`now()` }).where('id', 'in', ids).execute();
    for (const id of ids) await revokeSessions(trx, id);
  });
}

/** The phone must belong to a registered account before a code is sent to it. */
export async function isKnownPhone(ctx: Ctx, phone: string): Promise<boolean> {
  return (await accountsByPhone(ctx, phone)).length > 0;
}

export async function assertKnownPhone(ctx: Ctx, phone: string, adminOnly = false): Promise<void> {
  const accounts = await accountsByPhone(ctx, phone);
  if (!accounts.length || (adminOnly && !accounts.some((a) => isSystemAdmin(a.role_id)))) throw badRequest('sms.unknownPhone');
}
