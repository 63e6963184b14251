import { type ColumnBuilderCallback, type CreateTableBuilder, type Kysely, type OnModifyForeignAction, sql } from 'kysely';

/*
 * How tables start, and columns several tables are created with (`.$call(withX)`). Applied
 * migrations use them: a change here changes their schema, so they stay as they are.
 */

type Table<TB extends string, C extends string> = CreateTableBuilder<TB, C>;
type ColumnType = Parameters<Table<string, never>['addColumn']>[1];

/** The default of a creation or change time. */
export const now = sql`now()`;

/** A required reference to `target` (`table.id`), and what deleting the target does to the row. */
export const ref =
  (target: string, onDelete?: OnModifyForeignAction): ColumnBuilderCallback =>
  (c) => {
    const column = c.notNull().references(target);
    return onDelete ? column.onDelete(onDelete) : column;
  };

/** A new table whose first column, `column` of `type`, is the primary key. */
export const createTableWithKey = <TB extends string, C extends string>(db: Kysely<unknown>, table: TB, column: C, type: ColumnType) =>
  db.schema.createTable(table).addColumn(column, type, (c) => c.primaryKey());

/** A new table, its first column `id`, the primary key: serial, or bigserial for tables that grow by events and commands. */
export const createTableWithId = <TB extends string>(db: Kysely<unknown>, table: TB, id: 'serial' | 'bigserial' = 'serial') =>
  createTableWithKey(db, table, 'id', id);

/** `created_at`, now when the row is written. */
export const withCreatedAt = <TB extends string, C extends string>(t: Table<TB, C>) =>
  t.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now));

/** `updated_at`, now when the row is written (the code sets it on a change). */
export const withUpdatedAt = <TB extends string, C extends string>(t: Table<TB, C>) =>
  t.addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now));

/** `created_at` and `updated_at`. */
export const withTimestamps = <TB extends string, C extends string>(t: Table<TB, C>) => withUpdatedAt(withCreatedAt(t));

/** `community_id`, the community the row belongs to. */
export const withCommunity =
  (onDelete?: OnModifyForeignAction) =>
  <TB extends string, C extends string>(t: Table<TB, C>) =>
    t.addColumn('community_id', 'integer', ref('community.id', onDelete));

/** A credential's household: its community and address (`card`, `face`), neither deleted while it has one. */
export const withHousehold = <TB extends string, C extends string>(t: Table<TB, C>) =>
  withCommunity('restrict')(t).addColumn('address_id', 'integer', ref('address.id', 'restrict'));

/** What a device event (`access_event`, `usage_event`) came from: the unit, its event id, its door unit and community then. */
export const withEventSource = <TB extends string, C extends string>(t: Table<TB, C>) =>
  t
    .addColumn('device_id', 'integer')
    .addColumn('eid', 'varchar(64)', (c) => c.notNull())
    .addColumn('address_id', 'integer')
    .addColumn('community_id', 'integer');

/** Where a lift entry is (`ladder_config`, `access_group_lift`): residence level, bank, node and gate type. */
export const withLiftPlace = <TB extends string, C extends string>(t: Table<TB, C>) =>
  t
    .addColumn('resi_level', 'varchar(4)', (c) => c.notNull())
    .addColumn('bank', 'integer', (c) => c.notNull())
    .addColumn('node', 'integer', (c) => c.notNull())
    .addColumn('gate_type', 'integer', (c) => c.notNull());

/** The floors a lift entry gives, by front and back door (JSON arrays, none by default). */
export const withLiftFloors = <TB extends string, C extends string>(t: Table<TB, C>) =>
  t
    .addColumn('front_levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('back_levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`));
