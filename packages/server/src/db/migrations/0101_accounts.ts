import { indexListsMigration } from './schema.ts';

/**
 * Indexes of the account lists (searchAccounts, searchAccountsForPerm): one per
 * sortable column with the id as tie-breaker (stable pages), the scope joins
 * (managers' and engineers' communities by community) and householders by address.
 */
export const { up, down } = indexListsMigration({
  account: {
    account_regtime_idx: ['reg_time desc', 'id desc'],
    account_name_idx: ['name', 'id'],
    account_regno_idx: ['reg_no', 'id'],
    account_role_idx: ['role_id', 'reg_time desc', 'id desc'],
    account_state_idx: ['state', 'reg_time desc', 'id desc'],
    account_address_idx: { columns: ['address_id'], where: [['address_id', 'is not', null]] },
  },
  account_community: { account_community_community_idx: ['community_id', 'account_id'] },
  community_engineer: { community_engineer_account_idx: ['account_id', 'community_id'] },
});
