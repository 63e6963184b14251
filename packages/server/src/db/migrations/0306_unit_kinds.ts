import { type Kysely, sql } from 'kysely';

/**
 * The kind of each door unit (issue 33, devices/adapters/contract.ts): `gatehouse-mqtt` (our own
 * protocol, every unit so far), `hik-isapi` (a Hikvision terminal the server calls over HTTP with
 * digest authentication: its address, port, user and sealed password) or `zk-push` (a ZKTeco
 * terminal that calls the server; known by its serial alone). Expand only: nothing is renamed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('device')
    .addColumn('unit_kind', 'varchar(20)', (c) =>
      c.notNull().defaultTo('gatehouse-mqtt').check(sql`unit_kind in ('gatehouse-mqtt', 'hik-isapi', 'zk-push')`),
    )
    .execute();
  await db.schema.alterTable('device').addColumn('vendor_host', 'varchar(255)').execute();
  await db.schema.alterTable('device').addColumn('vendor_port', 'integer').execute();
  await db.schema.alterTable('device').addColumn('vendor_user', 'varchar(64)').execute();
  await db.schema.alterTable('device').addColumn('vendor_secret_box', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ['vendor_secret_box', 'vendor_user', 'vendor_port', 'vendor_host', 'unit_kind'])
    await db.schema.alterTable('device').dropColumn(c).execute();
}
