import type { Kysely } from 'kysely';
import { ref, withLiftFloors, withLiftPlace } from './columns.ts';
import { createIndexes, createLinkTable, dropTables } from './schema.ts';

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
    .$call(withLiftPlace)
    .$call(withLiftFloors)
    .addPrimaryKeyConstraint('access_group_lift_pk', ['group_id', 'address_id'])
    .addForeignKeyConstraint(
      'access_group_lift_unit_fk',
      ['group_id', 'address_id'],
      'access_group_unit',
      ['group_id', 'address_id'],
      (cb) => cb.onDelete('cascade'),
    )
    .execute();
  await createIndexes(db, 'access_group_lift', { access_group_lift_address_idx: ['address_id'] });
  // A visitor QR code given groups: the code opens on their units too (0: the code's own unit too, 1: groups only).
  await createLinkTable(
    db,
    'visitor_qrcode_group',
    ['qrcode_id', ref('visitor_qrcode.id', 'cascade'), 'bigint'],
    ['group_id', ref('access_group.id', 'cascade')],
  );
  await createIndexes(db, 'visitor_qrcode_group', { visitor_qrcode_group_group_idx: ['group_id'] });
  await db.schema
    .alterTable('visitor_qrcode')
    .addColumn('groups_only', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitor_qrcode').dropColumn('groups_only').execute();
  await dropTables(db, ['visitor_qrcode_group', 'access_group_lift']);
}
