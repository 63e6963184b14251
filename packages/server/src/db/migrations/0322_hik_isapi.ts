import { type Kysely, sql } from 'kysely';

/**
 * Hikvision ISAPI terminals (issue 33, docs/devices/hikvision.md): per terminal, the serial number
 * of the last event of its log the server has read (`AcsEvent` catch-up starts after it), which
 * face row each face on it belongs to (`face.delete` names only the row), and the one key that
 * signs the event listening-host addresses the server configures on terminals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hik_event_position')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('device.id').onDelete('cascade'))
    .addColumn('serial_no', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('hik_face')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('face_id', 'integer', (c) => c.notNull())
    .addColumn('employee_no', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('hik_face_pk', ['device_id', 'face_id'])
    .execute();
  await db.schema
    .createTable('hik_callback_key')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hik_callback_key').execute();
  await db.schema.dropTable('hik_face').execute();
  await db.schema.dropTable('hik_event_position').execute();
}
