import { LIMITS } from '@gatehouse/contracts';
import type { Ctx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { refusedFor, tooMany } from '../../http/errors.ts';
import { hitAll, type Limit } from '../../sms/rate-limit.ts';

/** SMS code limits (docs/security.md, "Sign-in and SMS throttles"); the daily cap is SMS_DAILY_CAP. */
export const SMS_LIMITS = {
  /** One code per destination number per resend countdown (000 §4: 60 s). */
  phoneGap: { max: 1, windowSec: LIMITS.resendCountdownSec },
  phoneHour: { max: 10, windowSec: 3600 },
  /** One client address, whatever the numbers. */
  client: { max: 30, windowSec: 3600 },
} as const;

const phoneRefusal = (seconds: number) => tooMany(seconds, 'sms.phoneTooMany');
const capRefusal = (seconds: number) => refusedFor(seconds, ['sms.dailyCap']);

/**
 * Counts one SMS about to be sent, or refuses it (429). `proven`: the client has just
 * passed the password of this number's account (the administrator's sign-in code):
 * its number limits are then its own, and the daily cap counts it without refusing
 * it, so a stranger who spends the number's budget or the day's cap cannot keep the
 * administrator from signing in.
 */
export async function countSms(ctx: Ctx, phone: string, proven: boolean): Promise<void> {
  const day = formatDateTime(new Date(), ctx.config.TZ_NAME, '-').slice(0, 10);
  const cap = { key: `sms:day:${ctx.config.SMS_PROVIDER}:${day}`, max: ctx.config.SMS_DAILY_CAP, windowSec: 86400 };
  const dest = proven ? `${phone}:${ctx.ip}` : phone;
  const limits: Limit[] = [
    { key: `sms:ip:${ctx.ip}`, ...SMS_LIMITS.client },
    { key: `sms:phone:${dest}`, ...SMS_LIMITS.phoneGap, refuse: phoneRefusal },
    { key: `sms:phone-hour:${dest}`, ...SMS_LIMITS.phoneHour, refuse: phoneRefusal },
  ];
  if (!proven) limits.push({ ...cap, refuse: capRefusal });
  await hitAll(ctx.limiter, limits);
  if (proven) await ctx.limiter.hit(cap.key, cap.max, cap.windowSec);
}
