import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_import_progress.ts';
import * as m0003 from './0003_trigram.ts';
import * as m0004 from './0004_op_log_prefix.ts';
import * as m0005 from './0005_caller_changes.ts';
import * as m0902 from './0902_op_log_page.ts';
import * as m0903 from './0903_card_list_indexes.ts';
import * as m0904 from './0904_webhook_delivery_lanes.ts';
import * as m0804 from './0804_access_group_fanout.ts';
import * as m0305 from './0305_command_reset_idx.ts';
import * as m0306 from './0306_unit_kinds.ts';
import * as m1010 from './1010_datareq.ts';
import * as m1001 from './1001_privacy.ts';
import * as m0322 from './0322_hik_isapi.ts';
import * as m0323 from './0323_unit_poll.ts';
import * as m0101 from './0101_accounts.ts';
import * as m0102 from './0102_admin_totp.ts';
import * as m0201 from './0201_communities.ts';
import * as m0301 from './0301_devices.ts';
import * as m0302 from './0302_command_account_prefix.ts';
import * as m0303 from './0303_command_priority.ts';
import * as m0391 from './0391_command_list_indexes.ts';
import * as m0331 from './0331_emergency.ts';
import * as m0332 from './0332_zk_push.ts';
import * as m0310 from './0310_device_secret_box.ts';
import * as m0304 from './0304_command_lease.ts';
import * as m0401 from './0401_cards.ts';
import * as m0402 from './0402_card_no.ts';
import * as m0501 from './0501_faces.ts';
import * as m0502 from './0502_ladder.ts';
import * as m0503 from './0503_face_list_indexes.ts';
import * as m0601 from './0601_eventlog.ts';
import * as m0611 from './0611_attendance.ts';
import * as m0621 from './0621_alarms.ts';
import * as m0622 from './0622_event_list_indexes.ts';
import * as m0701 from './0701_notices.ts';
import * as m0811 from './0811_review.ts';
import * as m0812 from './0812_qr_revoke.ts';
import * as m0901 from './0901_webhooks.ts';
import * as m0321 from './0321_device_health.ts';
import * as m0631 from './0631_live_event.ts';
import * as m0640 from './0640_event_partitions.ts';
import * as m0641 from './0641_event_prefix_counts.ts';
import * as m0801 from './0801_access_rules.ts';
import * as m0802 from './0802_access_group_faces.ts';
import * as m0803 from './0803_access_group_lifts.ts';

/**
 * Every migration, by name (run in name order). Areas add theirs with their own
 * number range: 01xx accounts, 02xx communities/addresses, 03xx devices, 04xx cards,
 * 05xx faces, 06xx events, 07xx notices, 080x access rules, 081x access review, 09xx integrations (webhooks).
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_import_progress': m0002,
  '0003_trigram': m0003,
  '0004_op_log_prefix': m0004,
  '0005_caller_changes': m0005,
  '0101_accounts': m0101,
  '0102_admin_totp': m0102,
  '0201_communities': m0201,
  '0301_devices': m0301,
  '0302_command_account_prefix': m0302,
  '0303_command_priority': m0303,
  '0391_command_list_indexes': m0391,
  '0331_emergency': m0331,
  '0310_device_secret_box': m0310,
  '0304_command_lease': m0304,
  '0401_cards': m0401,
  '0402_card_no': m0402,
  '0501_faces': m0501,
  '0502_ladder': m0502,
  '0503_face_list_indexes': m0503,
  '0601_eventlog': m0601,
  '0611_attendance': m0611,
  '0621_alarms': m0621,
  '0622_event_list_indexes': m0622,
  '0701_notices': m0701,
  '0811_review': m0811,
  '0812_qr_revoke': m0812,
  '0901_webhooks': m0901,
  '0902_op_log_page': m0902,
  '0903_card_list_indexes': m0903,
  '0904_webhook_delivery_lanes': m0904,
  '0321_device_health': m0321,
  '0631_live_event': m0631,
  '0640_event_partitions': m0640,
  '0641_event_prefix_counts': m0641,
  '0801_access_rules': m0801,
  '0802_access_group_faces': m0802,
  '0803_access_group_lifts': m0803,
  '0804_access_group_fanout': m0804,
  '0305_command_reset_idx': m0305,
  '0306_unit_kinds': m0306,
  '1010_datareq': m1010,
  '1001_privacy': m1001,
  '0332_zk_push': m0332,
  '0322_hik_isapi': m0322,
  '0323_unit_poll': m0323,
};
