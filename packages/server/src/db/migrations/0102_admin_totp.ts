import type { Kysely } from 'kysely';
import { createTableWithId, ref, withCreatedAt } from './columns.ts';
import { createIndexes, dropTables } from './schema.ts';

/**
 * Administrator second factors: one authenticator (TOTP) secret per account,
 * pending until confirmed with a current code, and its single-use recovery codes
 * (stored as hashes). last_step is the newest time step accepted, so a code is
 * never accepted twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_totp')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .$call(withCreatedAt)
    .execute();
  await createTableWithId(db, 'account_recovery_code')
    .addColumn('account_id', 'integer', ref('account.id', 'cascade'))
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await createIndexes(db, 'account_recovery_code', { account_recovery_code_account_idx: ['account_id', 'code_hash'] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['account_recovery_code', 'account_totp']);
}
