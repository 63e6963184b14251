import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_import_progress.ts';
import * as m0101 from './0101_accounts.ts';
import * as m0102 from './0102_admin_totp.ts';
import * as m0201 from './0201_communities.ts';
import * as m0301 from './0301_devices.ts';
import * as m0302 from './0302_command_account_prefix.ts';
import * as m0401 from './0401_cards.ts';
import * as m0402 from './0402_card_no.ts';
import * as m0501 from './0501_faces.ts';
import * as m0502 from './0502_ladder.ts';
import * as m0601 from './0601_eventlog.ts';
import * as m0611 from './0611_attendance.ts';
import * as m0621 from './0621_alarms.ts';
import * as m0701 from './0701_notices.ts';

/**
 * Every migration, by name (run in name order). Areas add theirs with their own
 * number range: 01xx accounts, 02xx communities/addresses, 03xx devices, 04xx cards,
 * 05xx faces, 06xx events, 07xx notices.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_import_progress': m0002,
  '0101_accounts': m0101,
  '0102_admin_totp': m0102,
  '0201_communities': m0201,
  '0301_devices': m0301,
  '0302_command_account_prefix': m0302,
  '0401_cards': m0401,
  '0402_card_no': m0402,
  '0501_faces': m0501,
  '0502_ladder': m0502,
  '0601_eventlog': m0601,
  '0611_attendance': m0611,
  '0621_alarms': m0621,
  '0701_notices': m0701,
};
