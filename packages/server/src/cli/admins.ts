import { isSystemAdmin, MAINLAND_PHONE } from '@gatehouse/contracts';
import type { Db } from '../db/index.ts';
import { OPERATOR_REGNO, type OpLogActor } from '../http/oplog.ts';
import { CliError, UsageError } from './command.ts';

/** The op log's actor of the command-line tool: no account. */
export const OPERATOR: OpLogActor = { caller: { accountId: null, regNo: OPERATOR_REGNO } };

/** A mainland mobile number (the administrator's sign-in name), or a usage error. */
export function adminPhone(phone: string): string {
  if (!MAINLAND_PHONE.test(phone))
    throw new UsageError(`--phone must be a mainland mobile number (1[3-9] + 9 digits), got ${JSON.stringify(phone)}`);
  return phone;
}

/** The administrator account of a phone number, or one line saying why there is none. */
export async function findAdmin(db: Db, phone: string) {
  const rows = await db
    .selectFrom('account')
    .select(['id', 'reg_no', 'name', 'role_id'])
    .where('reg_no', '=', phone)
    .orderBy('role_id')
    .execute();
  if (!rows.length) throw new CliError(`No account has the phone number ${phone}`);
  const admins = rows.filter((r) => isSystemAdmin(r.role_id));
  if (!admins.length) throw new CliError(`The account ${phone} is not an administrator`);
  return admins[0] as (typeof admins)[number];
}
