import { type Kysely, sql } from 'kysely';

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
  await db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn(`${holder}_id`, 'integer', (c) => c.notNull().references(`${holder}.id`).onDelete('cascade'))
    .addColumn('gate_id', 'integer', (c) => c.notNull().references('address.id').onDelete('cascade'))
    .addColumn('validfrom', 'timestamptz', (c) => c.notNull())
    .addColumn('validto', 'timestamptz', (c) => c.notNull())
    .addColumn('info', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_villa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint(`${table}_uq`, [`${holder}_id`, 'gate_id'])
    .execute();
  await db.schema.createIndex(`${table}_gate_idx`).on(table).columns(['gate_id', 'id']).execute();
}

/** What an access group holds (`access_group_unit`, `_card`, `_face`): group and member, both cascading; looked up by member. */
export async function createGroupMembers(
  db: Kysely<unknown>,
  kind: 'unit' | 'card' | 'face',
  member: 'address' | 'card' | 'face',
): Promise<void> {
  const table = `access_group_${kind}`;
  await db.schema
    .createTable(table)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('access_group.id').onDelete('cascade'))
    .addColumn(`${member}_id`, 'integer', (c) => c.notNull().references(`${member}.id`).onDelete('cascade'))
    .addPrimaryKeyConstraint(`${table}_pk`, ['group_id', `${member}_id`])
    .execute();
  await db.schema.createIndex(`${table}_${member}_idx`).on(table).column(`${member}_id`).execute();
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
