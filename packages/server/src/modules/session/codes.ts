import crypto from 'node:crypto';
import { LIMITS } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Ctx } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { passedPassword } from './login-throttle.ts';
import { countSms } from './sms-throttle.ts';

export type CodePurpose = 'login' | 'verify';
const MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string) => crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** Sends a 6-digit code by SMS, within the limits of sms-throttle.ts. */
export async function sendCode(ctx: Ctx, phone: string, purpose: CodePurpose): Promise<void> {
  await countSms(ctx, phone, purpose === 'login' && (await passedPassword(ctx, phone)));
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
    await ctx.db
      .updateTable('sms_code')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    throw new AppError(400, ['login.badSmsCode']);
  }
  if (consume) await ctx.db.updateTable('sms_code').set({ used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
}
