import { type Kysely, sql } from 'kysely';

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
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('account_recovery_code')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('account_recovery_code_account_idx')
    .on('account_recovery_code')
    .columns(['account_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_recovery_code').ifExists().execute();
  await db.schema.dropTable('account_totp').ifExists().execute();
}
