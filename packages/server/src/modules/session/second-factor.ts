import crypto from 'node:crypto';
import { RECOVERY_CODE, TOTP_CODE } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Ctx } from '../../http/context.ts';
import { AppError, tooMany } from '../../http/errors.ts';
import { checkCode } from './codes.ts';
import { matchTotp } from './totp.ts';

/** Wrong second-factor answers (sign-in, enrolment, disabling) allowed per account per window. */
const FAIL_MAX = 5;
const FAIL_WINDOW_SEC = 900;
/** The counter of an account's wrong second-factor answers (cleared by a right one, and by `gatehouse reset-admin`). */
export const failKey = (accountId: number) => `2fa:acct:${accountId}`;

/**
 * Counts one answer of an account's second factor before it is checked, or refuses it (429) once
 * the account has used its tries: a burst of any size gets at most FAIL_MAX checks. A right answer
 * clears the count (clearFailures).
 */
export async function countAttempt(ctx: Ctx, accountId: number): Promise<void> {
  const r = await ctx.limiter.hit(failKey(accountId), FAIL_MAX, FAIL_WINDOW_SEC);
  if (!r.allowed) throw tooMany(r.retryAfter);
}
export const clearFailures = (ctx: Ctx, accountId: number) => ctx.limiter.reset(failKey(accountId));

export const recoveryHash = (accountId: number, code: string): string =>
  crypto.createHash('sha256').update(`${accountId}:${code}`).digest('hex');

/** The confirmed authenticator of an account, if any. */
export const enabledTotp = (db: Db, accountId: number) =>
  db
    .selectFrom('account_totp')
    .select(['secret', 'last_step'])
    .where('account_id', '=', accountId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();

/** Accepts a current TOTP code once: its time step must be newer than the last one accepted (no replay). */
export async function useTotp(db: Db, accountId: number, code: string, now = Date.now()): Promise<boolean> {
  const row = await enabledTotp(db, accountId);
  if (!row || !TOTP_CODE.test(code)) return false;
  const step = matchTotp(row.secret, code, now);
  if (step === null) return false;
  const res = await db
    .updateTable('account_totp')
    .set({ last_step: step })
    .where('account_id', '=', accountId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Spends an unused recovery code (each works once). */
export async function useRecoveryCode(db: Db, accountId: number, code: string): Promise<boolean> {
  if (!RECOVERY_CODE.test(code)) return false;
  const res = await db
    .updateTable('account_recovery_code')
    .set({ used_at: sql<Date>`now()` })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', recoveryHash(accountId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The 205 answer: the phone (SMS step of 000 §2) and whether an authenticator may answer instead. */
export async function factorPrompt(ctx: Ctx, account: { id: number; reg_no: string }) {
  return { phoneNumber: account.reg_no, totp: (await enabledTotp(ctx.db, account.id)) !== undefined };
}

/**
 * Checks an administrator's answer to the 205 step: the SMS code always works (the
 * spec's default); with an authenticator enabled, a current TOTP code or an unused
 * recovery code works too. Answers null when accepted, else the message key to refuse
 * with; answers are counted per account before they are checked, and past the limit the step answers 429.
 */
export async function secondFactorRefusal(ctx: Ctx, account: { id: number; reg_no: string }, answer: string): Promise<string | null> {
  await countAttempt(ctx, account.id);
  const totp = (await enabledTotp(ctx.db, account.id)) !== undefined;
  let ok = totp && ((await useTotp(ctx.db, account.id, answer)) || (await useRecoveryCode(ctx.db, account.id, answer)));
  if (!ok) {
    try {
      await checkCode(ctx, account.reg_no, 'login', answer, true);
      ok = true;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  if (ok) {
    await clearFailures(ctx, account.id);
    return null;
  }
  return totp ? 'login.badSecondFactor' : 'login.badSmsCode';
}
