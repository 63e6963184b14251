import { personInput, retentionCommunityInput, retentionInput } from '../schemas/datareq.ts';
import type { EventRetentionMode } from '../retention.ts';
import { ROLE } from '../roles.ts';
import { defineRoutes, r } from './define.ts';

/** One part of a person's export: its file in the zip and how many rows it holds. */
export interface PersonSection {
  /** The file's name without extension (`cards`, `access-events`, ...). */
  name: string;
  /** Its title in the caller's language. */
  title: string;
  rows: number;
}

/** Who the export is about and what it will hold (the screen shows it before the download). */
export interface PersonSummary {
  /** The account, or the household's address text. */
  subject: string;
  sections: PersonSection[];
  /** Photos and QR code images in the zip. */
  files: number;
}

/** A community's retention settings (0: the rule is off). */
export interface RetentionSettings {
  communityId: number;
  /** Faces of people who moved out are erased this many days after. */
  faceDays: number;
  /** Access events older than this many months are dropped or pseudonymised. */
  eventMonths: number;
  eventMode: EventRetentionMode;
  /** Visitor QR records are deleted this many days after they ended. */
  visitorDays: number;
  /** The last daily run (yyyy/MM/dd HH:mm:ss), '' never. */
  lastRun: string;
}

/** One face the next run erases. */
export interface RetentionFace {
  id: number;
  account: string;
  userName: string;
  address: string;
  /** Why: the move-out's date, or the end of its last door-unit entry (yyyy/MM/dd HH:mm:ss). */
  since: string;
}

/** What the next run will erase, drop or pseudonymise in a community. */
export interface RetentionPreview {
  communityId: number;
  faces: RetentionFace[];
  /** Access events (and punches) older than the cutoff. */
  events: number;
  eventMode: EventRetentionMode;
  /** The first moment kept ('' when the rule is off). */
  eventCutoff: string;
  visitorRecords: number;
}

/** Administrators and property supervisors holding the access review menu. */
const access = { menus: ['access.review'], roles: [ROLE.superAdmin, ROLE.admin, ROLE.propertySupervisor] } as const;

/** "What do you hold about me" and retention (issue 35 items 2 and 4). */
export const datareqRoutes = defineRoutes('datareq', {
  getPersonSummary: r<PersonSummary>()({ method: 'GET', input: personInput, access }),
  exportPerson: r<never>()({ method: 'GET', input: personInput, access, kind: 'raw' }),
  getRetention: r<RetentionSettings>()({ method: 'GET', input: retentionCommunityInput, access }),
  setRetention: r<RetentionSettings>()({ method: 'POST', input: retentionInput, access }),
  previewRetention: r<RetentionPreview>()({ method: 'GET', input: retentionCommunityInput, access }),
});
