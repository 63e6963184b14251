import { sqlIndexesMigration } from './schema.ts';

/**
 * The card lists at a million cards: the account filter is a whole number or a prefix
 * (`accountMatch`, pattern operators under any collation), the card number and the holder's
 * name are "contains" filters (trigrams), the date filter reads the creation time, and each sort
 * on the card's own columns has its index (ties by id in the sort's direction, so one index serves both).
 */
export const { up, down } = sqlIndexesMigration([
  ['card_account_prefix_idx', `card (account varchar_pattern_ops)`],
  ['card_card_no_trgm_idx', `card using gin (card_no gin_trgm_ops)`],
  ['card_user_name_trgm_idx', `card using gin (user_name gin_trgm_ops)`],
  ['card_created_at_idx', `card (created_at)`],
  ['card_card_no_id_idx', `card (card_no, id)`],
  ['card_account_id_idx', `card (account, id)`],
  ['card_type_id_idx', `card (card_type, id)`],
  ['card_mode_id_idx', `card (card_mode, id)`],
  ['card_status_id_idx', `card (status, id)`],
]);
