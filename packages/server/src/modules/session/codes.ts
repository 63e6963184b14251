import crypto from 'node:crypto';
import { LIMITS } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Ctx } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { passedPassword } from './login-throttle.ts';
import { hitAll, keyPart } from '../../sms/rate-limit.ts';
import { countSms } from './sms-throttle.ts';

export type CodePurpose = 'login' | 'verify';
const MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string) => crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');

/**
 * Sends a 6-digit code by SMS, within the limits of sms-throttle.ts. `known`, asked only after the
 * send is counted: when it answers false nothing is sent, and the caller answers as if it were.
 */
export async function sendCode(ctx: Ctx, phone: string, purpose: CodePurpose, known?: () => Promise<boolean>): Promise<void> {
  await countSms(ctx, phone, purpose === 'login' && (await passedPassword(ctx, phone)));
  if (known && !(await known())) return;
  const code = String(crypto.randomInt(0, 10 ** LIMITS.smsCodeLength)).padStart(LIMITS.smsCodeLength, '0');
  await ctx.db
    .insertInto('sms_code')
    .values({
      phone,
      purpose,
      code_hash: hashCode(phone, code),
      expires_at: sql<Date>`now() + make_interval(secs => ${LIMITS.smsCodeTtlSec})`,
    })
    .execute();
  await ctx.sms.send({ phone, code, purpose, text: t(ctx.lang, `sms.text::${JSON.stringify({ code })}`) });
}

/** Tries of one code-checking route (reset, activation, verification) per phone and per client address. */
export const CODE_CHECK_LIMITS = {
  phone: { max: 20, windowSec: 3600 },
  client: { max: 60, windowSec: 3600 },
} as const;

/**
 * Counts one try of a code-checking route before anything is read: per phone and per client address
 * (429 with the seconds to wait beyond either). The code's own five tries still burn it.
 */
export async function countCodeTry(ctx: Ctx, phone: string): Promise<void> {
  await hitAll(ctx.limiter, [
    { key: `code:ip:${ctx.ip}`, ...CODE_CHECK_LIMITS.client },
    { key: `code:phone:${keyPart(phone)}`, ...CODE_CHECK_LIMITS.phone },
  ]);
}

/**
 * Checks the newest unused code of a phone for a purpose; consume marks it used.
 * Five tries burn the code. The try is counted in the same statement that reads the code
 * (`attempts < 5` is checked again on the locked row), so concurrent guesses cannot share one
 * count: at most five comparisons are ever made against a code, right or wrong.
 */
export async function checkCode(ctx: Ctx, phone: string, purpose: CodePurpose, code: string, consume: boolean): Promise<void> {
  const newest = ctx.db
    .selectFrom('sms_code')
    .select('id')
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1);
  const row = await ctx.db
    .updateTable('sms_code')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', newest)
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('used_at', 'is', null)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  if (!row) throw new AppError(400, ['login.badSmsCode']);
  const ok = crypto.timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hashCode(phone, code)));
  if (!ok) throw new AppError(400, ['login.badSmsCode']);
  if (!consume) return;
  const used = await ctx.db
    .updateTable('sms_code')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new AppError(400, ['login.badSmsCode']);
}
