import { isSystemAdmin, roleNameKey } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { revokeSessions } from '../../http/auth.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { msg } from '@gatehouse/contracts';
import { writeOpLog } from '../../http/oplog.ts';
import { listScope, scopeIds } from '../../http/scope.ts';
import { hashPassword, verifyPassword } from '../../crypto/passwords.ts';

/** The basic-info dialog of the signed-in user. */
export async function showUser(ctx: AuthCtx) {
  const a = await ctx.db
    .selectFrom('account')
    .select(['id', 'reg_no', 'name', 'role_id'])
    .where('id', '=', ctx.caller.accountId)
    .executeTakeFirstOrThrow();
  return { userid: a.id, regNo: a.reg_no, userName: a.name, roleName: t(ctx.lang, roleNameKey(a.role_id)), roleId: a.role_id };
}

/** Edits one's own phone and name (000 §5); administrators may not. Ends the session. */
export async function updateBaseInfo(ctx: AuthCtx, input: { userid: number; regNo: string; name: string }) {
  if (isSystemAdmin(ctx.caller.roleId)) throw forbidden('base.adminRefused');
  if (input.userid !== ctx.caller.accountId) throw forbidden();
  const before = await ctx.db
    .selectFrom('account')
    .select(['reg_no', 'name'])
    .where('id', '=', ctx.caller.accountId)
    .executeTakeFirstOrThrow();
  const taken = await ctx.db
    .selectFrom('account')
    .select('id')
    .where('reg_no', '=', input.regNo)
    .where('role_id', '=', ctx.caller.roleId)
    .where('id', '!=', ctx.caller.accountId)
    .executeTakeFirst();
  if (taken) throw badRequest('base.phoneTaken');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account')
      .set({ reg_no: input.regNo, name: input.name, updated_at: sql<Date>`now()` })
      .where('id', '=', ctx.caller.accountId)
      .execute();
    await revokeSessions(trx, ctx.caller.accountId);
    await writeOpLog(trx, ctx, {
      menu: 'account',
      content: msg('op.updateBaseInfo', { regNo: input.regNo, name: input.name }),
      before: { regNo: before.reg_no, name: before.name },
      after: { regNo: input.regNo, name: input.name },
    });
  });
}

/** Changes one's own password (000 §5); administrators may not. Ends every session of the account. */
export async function updatePwd(ctx: AuthCtx, input: { oldPwd: string; pwd: string }) {
  if (isSystemAdmin(ctx.caller.roleId)) throw forbidden('pwd.adminRefused');
  const a = await ctx.db.selectFrom('account').select(['password_hash']).where('id', '=', ctx.caller.accountId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(a.password_hash, input.oldPwd))) throw badRequest('pwd.wrongOld');
  const hash = await hashPassword(input.pwd);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account')
      .set({ password_hash: hash, updated_at: sql<Date>`now()` })
      .where('id', '=', ctx.caller.accountId)
      .execute();
    await revokeSessions(trx, ctx.caller.accountId);
    await writeOpLog(trx, ctx, {
      menu: 'account',
      content: msg('op.updatePwd', { regNo: ctx.caller.regNo }),
      before: { password: '(hidden)' },
      after: { password: '(changed)' },
    });
  });
}

/** Number of messages (import history) the caller can see; the bell polls it. */
export async function messagePushCount(ctx: AuthCtx): Promise<number> {
  const scope = await listScope(ctx.db, ctx.caller);
  let q = ctx.db.selectFrom('message').select(sql<number>`count(*)::int`.as('n'));
  if (!scope.all) q = q.where((eb) => eb.or([eb('community_id', 'in', scopeIds(scope)), eb('creator_id', '=', ctx.caller.accountId)]));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
