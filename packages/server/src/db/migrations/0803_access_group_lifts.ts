import { type Kysely, sql } from 'kysely';

/**
 * Access rules (issue 13): lift floors a group gives on one of its door units, and visitor
 * QR codes given groups (docs/access-rules.md). A lift row goes with its unit's membership
 * of the group (composite foreign key), so removing the unit from the group removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_group_lift')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('address_id', 'integer', (c) => c.notNull())
    .addColumn('resi_level', 'varchar(4)', (c) => c.notNull())
    .addColumn('bank', 'integer', (c) => c.notNull())
    .addColumn('node', 'integer', (c) => c.notNull())
    .addColumn('gate_type', 'integer', (c) => c.notNull())
    .addColumn('front_levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('back_levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('access_group_lift_pk', ['group_id', 'address_id'])
    .addForeignKeyConstraint(
      'access_group_lift_unit_fk',
      ['group_id', 'address_id'],
      'access_group_unit',
      ['group_id', 'address_id'],
      (cb) => cb.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('access_group_lift_address_idx').on('access_group_lift').column('address_id').execute();
  // A visitor QR code given groups: the code opens on their units too (0: the code's own unit too, 1: groups only).
  await db.schema
    .createTable('visitor_qrcode_group')
    .addColumn('qrcode_id', 'bigint', (c) => c.notNull().references('visitor_qrcode.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('access_group.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('visitor_qrcode_group_pk', ['qrcode_id', 'group_id'])
    .execute();
  await db.schema.createIndex('visitor_qrcode_group_group_idx').on('visitor_qrcode_group').column('group_id').execute();
  await db.schema
    .alterTable('visitor_qrcode')
    .addColumn('groups_only', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitor_qrcode').dropColumn('groups_only').execute();
  await db.schema.dropTable('visitor_qrcode_group').ifExists().execute();
  await db.schema.dropTable('access_group_lift').ifExists().execute();
}
