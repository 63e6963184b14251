import { isSystemAdmin } from '@gatehouse/contracts';
import type { Ctx } from '../../http/context.ts';
import { hitAll, keyPart, type Limit } from '../../sms/rate-limit.ts';

/**
 * Sign-in attempt limits (docs/security.md, "Sign-in and SMS throttles"). An attempt
 * is counted before its password is checked, with the limiter's atomic increment, so
 * a burst of any size gets at most `max` password checks per window.
 */
export const LOGIN_LIMITS = {
  /** One account (phone + role) from one client address. */
  accountClient: { max: 10, windowSec: 900 },
  /** One client address, whatever the accounts. */
  client: { max: 50, windowSec: 900 },
  /**
   * One account from anywhere: the slower limit against guessing spread over many
   * addresses. Not applied to administrators, whom a stranger must not lock out: their
   * password alone opens nothing (the SMS step follows).
   */
  account: { max: 100, windowSec: 3600 },
} as const;

/** How long a correct password lets its client ask for the administrator's sign-in code on its own budget. */
const PASSWORD_PROOF_SEC = 300;
const proofKey = (ctx: Ctx, phone: string) => `login:pw-ok:${keyPart(phone)}:${ctx.ip}`;

/** Whether this client gave the right password of an account of this phone in the last few minutes. */
export async function passedPassword(ctx: Ctx, phone: string): Promise<boolean> {
  return !(await ctx.limiter.peek(proofKey(ctx, phone), 1, PASSWORD_PROOF_SEC)).allowed;
}

export interface LoginAttempt {
  /** Gives the attempt back once the sign-in step passed (only failures use the budget); answers `value`. */
  succeeded<T>(value: T): Promise<T>;
}

/** Counts one attempt on every limit that applies, or refuses it (429) without checking anything. */
export async function countLoginAttempt(ctx: Ctx, username: string, roleId: number): Promise<LoginAttempt> {
  const account = `${roleId}:${keyPart(username)}`;
  const limits: Limit[] = [
    { key: `login:acct-ip:${account}:${ctx.ip}`, ...LOGIN_LIMITS.accountClient },
    { key: `login:ip:${ctx.ip}`, ...LOGIN_LIMITS.client },
  ];
  if (!isSystemAdmin(roleId)) limits.push({ key: `login:acct:${account}`, ...LOGIN_LIMITS.account });
  const release = await hitAll(ctx.limiter, limits);
  return {
    async succeeded(value) {
      await release();
      await ctx.limiter.hit(proofKey(ctx, username), 1, PASSWORD_PROOF_SEC);
      return value;
    },
  };
}
