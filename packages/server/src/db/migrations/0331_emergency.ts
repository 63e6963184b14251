import { type Kysely, sql } from 'kysely';
import { createTableWithId, now } from './columns.ts';
import { dropTables } from './schema.ts';

/**
 * Emergency modes (docs/live-operations.md): one row per mode set on a community
 * (address_id null) or on one door unit; `lifted_at` is null while it is in force. At most
 * one mode is in force per target: setting another lifts the previous one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'emergency_mode')
    .addColumn('community_id', 'integer', (c) => c.notNull())
    .addColumn('address_id', 'integer')
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('set_account_id', 'integer', (c) => c.notNull())
    .addColumn('set_regno', 'varchar(20)', (c) => c.notNull())
    .addColumn('set_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('lifted_at', 'timestamptz')
    .addColumn('lifted_regno', 'varchar(20)')
    .addColumn('lift_reason', 'varchar(200)')
    .execute();
  await sql`create unique index emergency_mode_active_uq on emergency_mode (community_id, coalesce(address_id, 0)) where lifted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['emergency_mode']);
}
