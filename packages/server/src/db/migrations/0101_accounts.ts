import { type Kysely, sql } from 'kysely';

/**
 * Indexes of the account lists (searchAccounts, searchAccountsForPerm): one per
 * sortable column with the id as tie-breaker (stable pages), the scope joins
 * (managers' and engineers' communities by community) and householders by address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('account_regtime_idx').on('account').columns(['reg_time desc', 'id desc']).execute();
  await db.schema.createIndex('account_name_idx').on('account').columns(['name', 'id']).execute();
  await db.schema.createIndex('account_regno_idx').on('account').columns(['reg_no', 'id']).execute();
  await db.schema.createIndex('account_role_idx').on('account').columns(['role_id', 'reg_time desc', 'id desc']).execute();
  await db.schema.createIndex('account_state_idx').on('account').columns(['state', 'reg_time desc', 'id desc']).execute();
  await db.schema
    .createIndex('account_address_idx')
    .on('account')
    .column('address_id')
    .where(sql.ref('address_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('account_community_community_idx').on('account_community').columns(['community_id', 'account_id']).execute();
  await db.schema.createIndex('community_engineer_account_idx').on('community_engineer').columns(['account_id', 'community_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'account_regtime_idx',
    'account_name_idx',
    'account_regno_idx',
    'account_role_idx',
    'account_state_idx',
    'account_address_idx',
    'account_community_community_idx',
    'community_engineer_account_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
