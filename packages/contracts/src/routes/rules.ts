import type { HolidayMode } from '../schedule-table.ts';
import {
  cardGroupsInput,
  faceGroupsInput,
  groupCandidatesInput,
  groupMembersChangeInput,
  groupMembersInput,
  holidayImportInput,
  rulesCommunityInput,
  rulesIdInput,
  saveGroupInput,
  saveHolidayInput,
  saveScheduleInput,
  setCardGroupsInput,
  setFaceGroupsInput,
  timeZoneInput,
} from '../schemas/rules.ts';
import { empty } from '../schemas/common.ts';
import { defineRoutes, r } from './define.ts';
import type { ImportReport } from './imports.ts';
import type { Option } from './session.ts';

export interface ScheduleRow {
  /** 0: the built-in "Always" (not editable). */
  id: number;
  communityId: number;
  name: string;
  builtIn: boolean;
  /** 7 lists (Monday first) of `HH:MM-HH:MM`. */
  week: string[][];
  holidayMode: HolidayMode;
  holidayWeekday: number | null;
  /** Groups that use it. */
  groupCount: number;
}

export interface HolidayRow {
  id: number;
  communityId: number;
  name: string;
  /** YYYY-MM-DD, both inclusive. */
  datefrom: string;
  dateto: string;
}

export interface GroupUnit {
  id: number;
  name: string;
}

/** The lift floors a group gives on one of its door units (`addressid`), as the lift dialog names them. */
export interface GroupLift {
  addressid: number;
  ResiLevel: string;
  bank: number;
  node: number;
  GateType: number;
  FrontUnlockLevelList: string[];
  BackUnlockLevelList: string[];
}

export interface GroupRow {
  id: number;
  communityId: number;
  name: string;
  scheduleId: number;
  scheduleName: string;
  units: GroupUnit[];
  /** Lift floors on some of its units (none: the group gives door access only). */
  lifts: GroupLift[];
  cardCount: number;
  faceCount: number;
  /**
   * While a change of a big group (over 1,000 cards or faces) is still being sent to its units
   * in the background: members sent so far and in all. Absent when nothing is left to send.
   */
  sending?: { done: number; total: number };
}

/** A card or face of a group (its own page), or one that could join it. */
export interface GroupMember {
  kind: 'card' | 'face';
  id: number;
  /** The card number; a face's holder name (else account). */
  label: string;
  account: string;
  userName: string;
  address: string;
}

/** A group's members: the first RULES_LIMITS.membersShown (cards, then faces, in id order) and how many in all. */
export interface GroupMembers {
  members: GroupMember[];
  cards: number;
  faces: number;
}

/** The groups a card or face may be given (its community's) and those it holds. */
export interface CardGroups {
  groups: { id: number; name: string; scheduleName: string }[];
  selected: number[];
}

export interface RulesSettings {
  communityId: number;
  timeZone: string;
  /** Door units with a device in the community: what a change of time zone is sent to. */
  doorUnits: number;
}

const access = { menus: ['access.rules'] } as const;
/** The card lists' door-unit dialogs offer groups: the card menus govern a card's groups. */
const cards = { menus: ['access.gate', 'access.ladder'] } as const;
const faces = { menus: ['access.faceid'] } as const;

/** Access rules (issue 13 items 1–4): docs/access-rules.md. */
export const rulesRoutes = defineRoutes('rules', {
  getSettings: r<RulesSettings>()({ method: 'GET', input: rulesCommunityInput, access }),
  setTimeZone: r<RulesSettings>()({ method: 'POST', input: timeZoneInput, access }),
  getSchedules: r<ScheduleRow[]>()({ method: 'GET', input: rulesCommunityInput, access }),
  saveSchedule: r<ScheduleRow>()({ method: 'POST', input: saveScheduleInput, access }),
  deleteSchedule: r<null>()({ method: 'POST', input: rulesIdInput, access }),
  getHolidays: r<HolidayRow[]>()({ method: 'GET', input: rulesCommunityInput, access }),
  saveHoliday: r<HolidayRow>()({ method: 'POST', input: saveHolidayInput, access }),
  deleteHoliday: r<null>()({ method: 'POST', input: rulesIdInput, access }),
  downloadHolidayTemplate: r<never>()({ method: 'GET', input: empty, access, kind: 'raw' }),
  importHolidays: r<ImportReport>()({ method: 'POST', input: holidayImportInput, access, kind: 'multipart' }),
  /** The community's door units a group may hold. */
  getDoorUnits: r<Option[]>()({ method: 'GET', input: rulesCommunityInput, access }),
  getGroups: r<GroupRow[]>()({ method: 'GET', input: rulesCommunityInput, access }),
  saveGroup: r<GroupRow>()({ method: 'POST', input: saveGroupInput, access }),
  deleteGroup: r<null>()({ method: 'POST', input: rulesIdInput, access }),
  /** A group's members on its own page: add and remove cards and faces there (issue 36 item 10). */
  getGroupMembers: r<GroupMembers>()({ method: 'GET', input: groupMembersInput, access }),
  findGroupCandidates: r<GroupMember[]>()({ method: 'GET', input: groupCandidatesInput, access }),
  addGroupMembers: r<GroupMembers>()({ method: 'POST', input: groupMembersChangeInput, access }),
  removeGroupMembers: r<GroupMembers>()({ method: 'POST', input: groupMembersChangeInput, access }),
  getCardGroups: r<CardGroups>()({ method: 'GET', input: cardGroupsInput, access: cards }),
  setCardGroups: r<CardGroups>()({ method: 'POST', input: setCardGroupsInput, access: cards }),
  getFaceGroups: r<CardGroups>()({ method: 'GET', input: faceGroupsInput, access: faces }),
  setFaceGroups: r<CardGroups>()({ method: 'POST', input: setFaceGroupsInput, access: faces }),
});
