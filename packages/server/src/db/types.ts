import type { AlarmTables } from './tables/alarm.ts';
import type { CardTables } from './tables/cards.ts';
import type { CommunityTables } from './tables/communities.ts';
import type { DatareqTables } from './tables/datareq.ts';
import type { DeviceTables } from './tables/devices.ts';
import type { FoundationTables } from './tables/foundation.ts';
import type { HikTables } from './tables/hik.ts';
import type { ImportTables } from './tables/imports.ts';
import type { LiveOpsTables } from './tables/live-ops.ts';
import type { LiveTables } from './tables/live.ts';
import type { NoticeTables } from './tables/notice.ts';
import type { PrivacyTables } from './tables/privacy.ts';
import type { ReviewTables } from './tables/review.ts';
import type { RulesTables } from './tables/rules.ts';
import type { SecondFactorTables } from './tables/second-factors.ts';

/** The database: each area adds its tables interface to this list. */
export interface DB
  extends FoundationTables,
    DeviceTables,
    CommunityTables,
    NoticeTables,
    CardTables,
    SecondFactorTables,
    AlarmTables,
    ImportTables,
    ReviewTables,
    LiveOpsTables,
    LiveTables,
    RulesTables,
    DatareqTables,
    PrivacyTables,
    HikTables {}
