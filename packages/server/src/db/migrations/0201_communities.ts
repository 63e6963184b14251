import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

/** Call-code tables, attendance rules; indexes for the address list and covers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('amt')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('community.id'))
    .addColumn('caller_address_id', 'integer', (c) => c.notNull().references('address.id'))
    .addColumn('called_address_id', 'integer', (c) => c.notNull().references('address.id'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // A code is unique per calling door unit; an address has one code per door unit.
    .addUniqueConstraint('amt_caller_code_uq', ['caller_address_id', 'code'])
    .addUniqueConstraint('amt_caller_called_uq', ['caller_address_id', 'called_address_id'])
    .execute();
  await db.schema.createIndex('amt_called_idx').on('amt').column('called_address_id').execute();
  await db.schema.createIndex('amt_community_idx').on('amt').column('community_id').execute();

  await db.schema
    .createTable('attendance_rule')
    .addColumn('community_id', 'integer', (c) => c.primaryKey().references('community.id').onDelete('cascade'))
    .addColumn('vtype', 'smallint', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('starttime', 'varchar(8)')
    .addColumn('endtime', 'varchar(8)')
    .addColumn('mstarttime', 'varchar(8)')
    .addColumn('mendtime', 'varchar(8)')
    .addColumn('pstarttime', 'varchar(8)')
    .addColumn('pendtime', 'varchar(8)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createIndex('address_community_address_idx').on('address').columns(['community_id', 'address']).execute();
  await db.schema.createIndex('address_regno_idx').on('address').column('reg_no').execute();
  await db.schema.createIndex('stored_file_community_idx').on('stored_file').columns(['community_id', 'kind']).execute();
  await db.schema.createIndex('community_name_idx').on('community').column('name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of ['community_name_idx', 'stored_file_community_idx', 'address_regno_idx', 'address_community_address_idx']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  await db.schema.dropTable('attendance_rule').ifExists().execute();
  await db.schema.dropTable('amt').ifExists().execute();
}
