import crypto from 'node:crypto';
import { LIMITS } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Ctx } from '../../http/context.ts';
import { AppError, tooMany } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';

export type CodePurpose = 'login' | 'verify';
const MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string) => crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');

/**
 * Sends a 6-digit code by SMS. At most one per 60 s and 10 per hour per phone,
 * and 30 per hour per address.
 */
export async function sendCode(ctx: Ctx, phone: string, purpose: CodePurpose): Promise<void> {
  for (const [key, max, win] of [
    [`sms:phone:${phone}`, 1, LIMITS.resendCountdownSec],
    [`sms:phone-hour:${phone}`, 10, 3600],
    [`sms:ip:${ctx.ip}`, 30, 3600],
  ] as const) {
    const r = await ctx.limiter.hit(key, max, win);
    if (!r.allowed) throw tooMany(r.retryAfter);
  }
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

/**
 * Checks the newest unused code of a phone for a purpose; consume marks it used.
 * Five wrong tries burn the code.
 */
export async function checkCode(ctx: Ctx, phone: string, purpose: CodePurpose, code: string, consume: boolean): Promise<void> {
  const row = await ctx.db
    .selectFrom('sms_code')
    .select(['id', 'code_hash', 'attempts'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError(400, ['login.badSmsCode']);
  const ok = crypto.timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hashCode(phone, code)));
  if (!ok) {
    await ctx.db.updateTable('sms_code').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
    throw new AppError(400, ['login.badSmsCode']);
  }
  if (consume) await ctx.db.updateTable('sms_code').set({ used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
}
