import { msg } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { hashPassword } from '../crypto/passwords.ts';
import { revokeSessions } from '../http/auth.ts';
import { writeOpLog } from '../http/oplog.ts';
import { generatePassword } from '../modules/account/insert.ts';
import { failKey } from '../modules/session/second-factor.ts';
import { adminPhone, findAdmin, OPERATOR } from './admins.ts';
import { defineCommand, required } from './command.ts';
import { withLimiter } from './limiter.ts';
import { withSite } from './site.ts';

/**
 * Locked out: a new password for an administrator (printed once), its authenticator and recovery
 * codes removed and its sessions signed out, in one transaction with its op-log row; then its count
 * of wrong second-factor answers starts again.
 */
export const resetAdminCommand = defineCommand({
  name: 'reset-admin',
  summary: 'give an administrator a new password (printed once) and clear its authenticator',
  usage: ["--phone <number>  the administrator's phone number (its sign-in name)"],
  options: { phone: { type: 'string' } },
  async run(values, config, io) {
    const phone = adminPhone(required(values, 'phone'));
    await withSite(config, { current: true }, async ({ db }) => {
      const admin = await findAdmin(db, phone);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const signedOut = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('account')
          .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
          .where('id', '=', admin.id)
          .execute();
        const totp = await trx.deleteFrom('account_totp').where('account_id', '=', admin.id).returning('enabled_at').executeTakeFirst();
        await trx.deleteFrom('account_recovery_code').where('account_id', '=', admin.id).execute();
        const open = await trx
          .selectFrom('session')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', admin.id)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirstOrThrow();
        await revokeSessions(trx, admin.id);
        await writeOpLog(trx, OPERATOR, {
          menu: 'account',
          content: msg('op.account.resetAdmin', { regNo: admin.reg_no }),
          before: { totp: !!totp?.enabled_at },
          after: { totp: false },
        });
        return Number(open.n);
      });
      // Wrong second-factor answers lock the account for 15 minutes from everywhere: that count starts again.
      await withLimiter(config, db, (limiter) => limiter.reset(failKey(admin.id)));
      io.out(`New password of the administrator ${admin.reg_no} (${admin.name}): ${password}`);
      io.out('It is shown this once. Authenticator, recovery codes and wrong-code count cleared; sign-in asks for the SMS code.');
      io.out(`${signedOut} open sessions signed out; recorded in the operation log.`);
    });
  },
});
