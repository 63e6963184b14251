import { sqlIndexesMigration } from './schema.ts';

/**
 * An index for every filter of the access log, the punch records and the alarm records
 * (db/plans.test.ts reads their plans): codes with the list's order, prefixes with
 * pattern operators (any collation), contains filters with trigrams.
 */
export const { up, down } = sqlIndexesMigration([
  ['access_event_result_idx', `access_event (result, time desc, id desc) where not is_work`],
  ['access_event_card_mode_idx', `access_event (card_mode, time desc, id desc) where not is_work`],
  ['access_event_card_num_idx', `access_event (card_num varchar_pattern_ops) where not is_work`],
  ['access_event_account_prefix_idx', `access_event (account varchar_pattern_ops) where not is_work`],
  ['access_event_user_trgm_idx', `access_event using gin (unlock_user_name gin_trgm_ops) where not is_work`],
  ['access_event_device_trgm_idx', `access_event using gin (device_name gin_trgm_ops) where not is_work`],
  ['access_event_punch_time_idx', `access_event (time, id) where is_work`],
  ['alarm_address_time_idx', `alarm (address_id, time desc, id desc)`],
  ['alarm_acked_time_idx', `alarm (time desc, id desc) where ack_at is not null`],
  ['alarm_device_name_trgm_idx', `alarm using gin (device_name gin_trgm_ops)`],
]);
