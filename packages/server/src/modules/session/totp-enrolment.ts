import crypto from 'node:crypto';
import { isSystemAdmin, msg, TOTP, type TotpEnrolment, type TotpState } from '@gatehouse/contracts';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { verifyPassword } from '../../crypto/passwords.ts';
import { clearFailures, countAttempt, enabledTotp, recoveryHash, useRecoveryCode, useTotp } from './second-factor.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const group = () => Array.from({ length: 5 }, () => BASE32[crypto.randomInt(32)]).join('');
/** Recovery codes shown once at enrolment (50 random bits each). */
const newRecoveryCodes = (): string[] => Array.from({ length: TOTP.recoveryCodes }, () => `${group()}-${group()}`);

function adminOnly(ctx: AuthCtx): void {
  if (!isSystemAdmin(ctx.caller.roleId)) throw forbidden('totp.adminOnly');
}

/** What the profile dialog shows: enabled or not, recovery codes left (never the secret). */
export async function totpState(ctx: AuthCtx): Promise<TotpState> {
  adminOnly(ctx);
  const enabled = (await enabledTotp(ctx.db, ctx.caller.accountId)) !== undefined;
  const left = await ctx.db
    .selectFrom('account_recovery_code')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('account_id', '=', ctx.caller.accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled, recoveryLeft: enabled ? Number(left.n) : 0 };
}

/** Step 1: a new pending secret (replacing any earlier pending one), its URI and QR code. */
export async function startTotp(ctx: AuthCtx): Promise<TotpEnrolment> {
  adminOnly(ctx);
  if (await enabledTotp(ctx.db, ctx.caller.accountId)) throw conflict('totp.already');
  const secret = newTotpSecret();
  await ctx.db
    .insertInto('account_totp')
    .values({ account_id: ctx.caller.accountId, secret })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ secret, enabled_at: null, last_step: 0, created_at: sql<Date>`now()` }))
    .execute();
  const uri = totpUri(secret, ctx.caller.regNo);
  return { secret, uri, qr: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 220 }) };
}

/** Step 2: a current code proves the app holds the secret; the recovery codes are answered this once. */
export async function confirmTotp(ctx: AuthCtx, code: string): Promise<{ recoveryCodes: string[] }> {
  adminOnly(ctx);
  const id = ctx.caller.accountId;
  const row = await ctx.db.selectFrom('account_totp').select(['secret', 'enabled_at']).where('account_id', '=', id).executeTakeFirst();
  if (row?.enabled_at) throw conflict('totp.already');
  if (!row) throw badRequest('totp.noPending');
  await countAttempt(ctx, id);
  const step = matchTotp(row.secret, code, Date.now());
  if (step === null) throw badRequest('totp.badCode');
  await clearFailures(ctx, id);
  const codes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('account_totp').set({ enabled_at: sql<Date>`now()`, last_step: step }).where('account_id', '=', id).execute();
    await trx.deleteFrom('account_recovery_code').where('account_id', '=', id).execute();
    await trx
      .insertInto('account_recovery_code')
      .values(codes.map((c) => ({ account_id: id, code_hash: recoveryHash(id, c) })))
      .execute();
    await writeOpLog(trx, ctx, {
      menu: 'account',
      content: msg('op.totp.enable', { regNo: ctx.caller.regNo }),
      before: { totp: false },
      after: { totp: true },
    });
  });
  return { recoveryCodes: codes };
}

/** Turns the authenticator off; proof is a current (or recovery) code, or the password. */
export async function disableTotp(ctx: AuthCtx, proof: { code?: string; password?: string }): Promise<void> {
  adminOnly(ctx);
  const id = ctx.caller.accountId;
  if (!(await enabledTotp(ctx.db, id))) throw badRequest('totp.notEnabled');
  await countAttempt(ctx, id);
  const ok = proof.code
    ? (await useTotp(ctx.db, id, proof.code)) || (await useRecoveryCode(ctx.db, id, proof.code))
    : await passwordOk(ctx, proof.password ?? '');
  if (!ok) throw badRequest('totp.badProof');
  await clearFailures(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_recovery_code').where('account_id', '=', id).execute();
    await trx.deleteFrom('account_totp').where('account_id', '=', id).execute();
    await writeOpLog(trx, ctx, {
      menu: 'account',
      content: msg('op.totp.disable', { regNo: ctx.caller.regNo }),
      before: { totp: true },
      after: { totp: false },
    });
  });
}

async function passwordOk(ctx: AuthCtx, password: string): Promise<boolean> {
  const a = await ctx.db.selectFrom('account').select('password_hash').where('id', '=', ctx.caller.accountId).executeTakeFirstOrThrow();
  return verifyPassword(a.password_hash, password);
}
