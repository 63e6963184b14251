import { isSystemAdmin, msg, ROLE } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { revokeSessions } from '../../http/auth.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { hashPassword } from '../../crypto/passwords.ts';

function assertEnterprise(ctx: AuthCtx): void {
  if (ctx.caller.roleId !== ROLE.cloudUser) throw forbidden('migrate.onlyEnterprise');
}

/** getManagerByRegno: what the migration dialog needs to know about the new phone. */
export async function managerByRegno(ctx: AuthCtx, regNo: string) {
  assertEnterprise(ctx);
  const rows = await ctx.db.selectFrom('account').select('role_id').where('reg_no', '=', regNo).execute();
  return { regNo, admin: rows.some((r) => isSystemAdmin(r.role_id)), taken: rows.some((r) => r.role_id === ROLE.cloudUser) };
}

/**
 * transferAccount (000 §5 "Account migration"): the enterprise account (and its
 * company's registration number) moves to a new phone with a new password; every
 * session of the account ends, so the user signs in again with the new account.
 */
export async function transferAccount(ctx: AuthCtx, i: { regNo: string; password: string }): Promise<void> {
  assertEnterprise(ctx);
  if (i.regNo === ctx.caller.regNo) throw badRequest('migrate.same');
  const other = await managerByRegno(ctx, i.regNo);
  if (other.admin) throw badRequest('migrate.adminPhone');
  if (other.taken) throw badRequest('migrate.taken');
  const me = await ctx.db
    .selectFrom('account')
    .select(['reg_no', 'community_id'])
    .where('id', '=', ctx.caller.accountId)
    .executeTakeFirstOrThrow();
  const hash = await hashPassword(i.password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account')
      .set({ reg_no: i.regNo, password_hash: hash, updated_at: sql<Date>`now()` })
      .where('id', '=', ctx.caller.accountId)
      .execute();
    if (me.community_id) {
      await trx
        .updateTable('community')
        .set({ reg_no: i.regNo })
        .where('id', '=', me.community_id)
        .where('reg_no', '=', me.reg_no)
        .execute();
    }
    await revokeSessions(trx, ctx.caller.accountId);
    await writeOpLog(trx, ctx, {
      menu: 'account',
      content: msg('op.account.migrate', { from: me.reg_no, to: i.regNo }),
      communityId: me.community_id,
      before: { regNo: me.reg_no },
      after: { regNo: i.regNo, password: '(changed)' },
    });
  });
}
