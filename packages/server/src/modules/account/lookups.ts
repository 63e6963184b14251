import { ROLE } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';

/** getEngineers: engineering supervisors and staff (roles 2, 3) in normal state, for the project dialog. */
export async function engineers(ctx: AuthCtx) {
  const rows = await ctx.db
    .selectFrom('account')
    .select(['id', 'name', 'reg_no'])
    .where('role_id', 'in', [ROLE.engineerSupervisor, ROLE.engineer])
    .where('state', '=', 1)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ intValue: r.id, label: `${r.name} (${r.reg_no})` }));
}
