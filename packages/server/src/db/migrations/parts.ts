import { type Kysely, sql } from 'kysely';
import { createTableWithId, ref, withCreatedAt } from './columns.ts';
import { createIndexes, createLinkTable } from './schema.ts';

/*
 * Pieces several migrations build with. Applied migrations use them: a change here changes
 * their schema, so they stay as they are (a new column or index is a new migration).
 */

/**
 * A credential's door-unit entries (`card_gate`, `face_gate`): one row per credential and door
 * unit, with its validity, note and single-family flag.
 */
export async function createGateEntries(db: Kysely<unknown>, holder: 'card' | 'face'): Promise<void> {
  const table = `${holder}_gate`;
  await createTableWithId(db, table)
    .addColumn(`${holder}_id`, 'integer', ref(`${holder}.id`, 'cascade'))
    .addColumn('gate_id', 'integer', ref('address.id', 'cascade'))
    .addColumn('validfrom', 'timestamptz', (c) => c.notNull())
    .addColumn('validto', 'timestamptz', (c) => c.notNull())
    .addColumn('info', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(withCreatedAt)
    .addUniqueConstraint(`${table}_uq`, [`${holder}_id`, 'gate_id'])
    .execute();
  await createIndexes(db, table, { [`${table}_gate_idx`]: ['gate_id', 'id'] });
}

/**
 * What a credential table (`card`, `face`) is looked up by besides its community: its
 * household's address and its account; then its door-unit entries (`createGateEntries`).
 */
export async function createCredentialLookups(db: Kysely<unknown>, holder: 'card' | 'face'): Promise<void> {
  await createIndexes(db, holder, { [`${holder}_address_idx`]: ['address_id'], [`${holder}_account_idx`]: ['account'] });
  await createGateEntries(db, holder);
}

/** What an access group holds (`access_group_unit`, `_card`, `_face`): group and member, both cascading; looked up by member. */
export async function createGroupMembers(
  db: Kysely<unknown>,
  kind: 'unit' | 'card' | 'face',
  member: 'address' | 'card' | 'face',
): Promise<void> {
  const table = `access_group_${kind}`;
  await createLinkTable(db, table, ['group_id', ref('access_group.id', 'cascade')], [`${member}_id`, ref(`${member}.id`, 'cascade')]);
  await createIndexes(db, table, { [`${table}_${member}_idx`]: [`${member}_id`] });
}

/** A new menu under the access menu (1), granted to every account holding one of the card and face menus (101–103). */
export async function addAccessMenu(db: Kysely<unknown>, menu: { id: number; key: string; path: string; sort: number }): Promise<void> {
  await sql`insert into menu (id, key, path, parent_id, sort) values (${sql.lit(menu.id)}, ${sql.lit(menu.key)}, ${sql.lit(menu.path)}, 1, ${sql.lit(menu.sort)}) on conflict do nothing`.execute(
    db,
  );
  await sql`insert into account_menu (account_id, menu_id)
    select distinct account_id, ${sql.lit(menu.id)} from account_menu where menu_id in (101, 102, 103)
    on conflict do nothing`.execute(db);
}
