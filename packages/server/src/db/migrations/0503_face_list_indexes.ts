import { sqlIndexesMigration } from './schema.ts';

/** The face list's sorts (ties by id in the same direction) and its account contains filter. */
export const { up, down } = sqlIndexesMigration([
  ['face_account_id_idx', `face (account, id)`],
  ['face_status_id_idx', `face (status, id)`],
  ['face_user_name_id_idx', `face (user_name, id)`],
  ['face_account_trgm_idx', `face using gin (account gin_trgm_ops)`],
]);
