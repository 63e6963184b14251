import { LIMITS, msg, ROLE } from '@gatehouse/contracts';
import { syncMenus } from '../db/seed.ts';
import { writeOpLog } from '../http/oplog.ts';
import { generatePassword, insertAccount } from '../modules/account/insert.ts';
import { adminPhone, OPERATOR } from './admins.ts';
import { CliError, defineCommand, required, UsageError } from './command.ts';
import { withSite } from './site.ts';

/** A system administrator with a generated password (printed once), recorded in the operation log. */
export const createAdminCommand = defineCommand({
  name: 'create-admin',
  summary: 'create a system administrator (its password is printed once)',
  usage: ["--phone <number>  its phone number (the sign-in name and the SMS code's number)", '--name <text>     its name'],
  options: { phone: { type: 'string' }, name: { type: 'string' } },
  async run(values, config, io) {
    const phone = adminPhone(required(values, 'phone'));
    const name = required(values, 'name').trim();
    if (!name || name.length > LIMITS.userName) throw new UsageError(`--name must be 1 to ${LIMITS.userName} characters`);
    await withSite(config, { current: true }, async ({ db }) => {
      const taken = await db
        .selectFrom('account')
        .select('id')
        .where('reg_no', '=', phone)
        .where('role_id', '=', ROLE.admin)
        .executeTakeFirst();
      if (taken) throw new CliError(`The administrator ${phone} exists already (a new password: gatehouse reset-admin --phone ${phone})`);
      await syncMenus(db);
      const password = generatePassword();
      await db.transaction().execute(async (trx) => {
        await insertAccount(trx, { regNo: phone, name, password, roleId: ROLE.admin });
        await writeOpLog(trx, OPERATOR, {
          menu: 'account',
          content: msg('op.account.create', { regNo: phone, name }),
          after: { regNo: phone, name },
        });
      });
      io.out(`Administrator ${phone} (${name}) created, password: ${password}`);
      io.out('It is shown this once; sign-in also asks for the SMS code sent to this number.');
    });
  },
});
