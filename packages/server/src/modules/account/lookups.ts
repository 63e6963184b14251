import { canManageRole, ROLE } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';

/** A phone shown to a caller who does not manage its account: first three and last four digits. */
export const maskPhone = (phone: string): string => (phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/**
 * getEngineers: engineering supervisors and staff (roles 2, 3) in normal state, for the
 * project dialog (roles 2 or lower, see the route). The phone tells same-named
 * engineers apart; it is shown in full only for accounts the caller manages (and its
 * own), masked otherwise (an engineering supervisor sees a fellow supervisor masked).
 */
export async function engineers(ctx: AuthCtx) {
  const rows = await ctx.db
    .selectFrom('account')
    .select(['id', 'name', 'reg_no', 'role_id'])
    .where('role_id', 'in', [ROLE.engineerSupervisor, ROLE.engineer])
    .where('state', '=', 1)
    .orderBy('name')
    .execute();
  const shown = (r: (typeof rows)[number]) =>
    r.id === ctx.caller.accountId || canManageRole(ctx.caller.roleId, r.role_id) ? r.reg_no : maskPhone(r.reg_no);
  return rows.map((r) => ({ intValue: r.id, label: `${r.name} (${shown(r)})` }));
}
