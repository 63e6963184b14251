import { type Kysely, sql } from 'kysely';
import { now } from './columns.ts';
import { dropTables } from './schema.ts';

/**
 * ZKTeco PUSH terminals (issue 33, docs/devices/zkteco.md). `zk_terminal`: a `zk-push` unit's
 * binding to the terminal that first spoke with its serial (when and from which address),
 * what it said in its handshake and when it last polled. `zk_pin`: the user number (PIN) a
 * credential has on a terminal: one terminal user per card and per face (each has its own
 * validity), the PIN taken once from the sequence and kept, so a delete and the terminal's
 * events find the same user again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('zk_terminal')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('device.id').onDelete('cascade'))
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('first_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_poll_at', 'timestamptz')
    .addColumn('push_version', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('zk_pin')
    .addColumn('pin', 'serial', (c) => c.primaryKey())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('cred', 'varchar(40)', (c) => c.notNull())
    .addColumn('account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index zk_pin_cred_uq on zk_pin (device_id, cred)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['zk_pin', 'zk_terminal']);
}
