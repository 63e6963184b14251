import type { Kysely } from 'kysely';
import { createTableWithId, ref, withCommunity, withCreatedAt, withUpdatedAt } from './columns.ts';
import { createIndexes, dropIndexes, dropTables } from './schema.ts';

/** Call-code tables, attendance rules; indexes for the address list and covers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'amt')
    .$call(withCommunity())
    .addColumn('caller_address_id', 'integer', ref('address.id'))
    .addColumn('called_address_id', 'integer', ref('address.id'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .$call(withCreatedAt)
    // A code is unique per calling door unit; an address has one code per door unit.
    .addUniqueConstraint('amt_caller_code_uq', ['caller_address_id', 'code'])
    .addUniqueConstraint('amt_caller_called_uq', ['caller_address_id', 'called_address_id'])
    .execute();
  await createIndexes(db, 'amt', { amt_called_idx: ['called_address_id'], amt_community_idx: ['community_id'] });

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
    .$call(withUpdatedAt)
    .execute();

  await createIndexes(db, 'address', { address_community_address_idx: ['community_id', 'address'], address_regno_idx: ['reg_no'] });
  await createIndexes(db, 'stored_file', { stored_file_community_idx: ['community_id', 'kind'] });
  await createIndexes(db, 'community', { community_name_idx: ['name'] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndexes(db, ['community_name_idx', 'stored_file_community_idx', 'address_regno_idx', 'address_community_address_idx']);
  await dropTables(db, ['attendance_rule', 'amt']);
}
