import { z } from 'zod';
import { RULES_LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { dayProblem, HOLIDAY_MODE, ISO_WEEKDAYS, normalizeInterval } from '../schedule-table.ts';
import { ladderItem } from './card.ts';
import { intList, isDateText, jsonList, optInt, optionalImportId, reqInt, reqStr, withT } from './common.ts';

/** Access rules (issue 13): weekly schedules, holidays, access groups of one community. */

const name = (field: string) => reqStr(field, RULES_LIMITS.name);
const communityId = reqInt('f.community', true);

/** The community whose rules a tab lists. */
export const rulesCommunityInput = z.object({ ...withT, communityId });
export const rulesIdInput = z.object({ id: reqInt('f.id') });

/**
 * A week: 7 lists (Monday first) of `HH:MM-HH:MM` (an hour of one digit is taken: `8:00`), as one JSON text field. Each day: at most
 * RULES_LIMITS.intervalsPerDay intervals inside the day, start before end, no overlaps; the
 * message names the day.
 */
export const weekField = jsonList(
  'f.rules.week',
  // `8:00` is taken as `08:00` (the form does the same).
  z.array(
    z
      .string()
      .max(20, msg('v.invalid', { field: '@f.rules.week' }))
      .transform(normalizeInterval),
  ),
)
  .refine((w) => w === undefined || w.length === 7, msg('v.invalid', { field: '@f.rules.week' }))
  .superRefine((week, ctx) => {
    if (week?.length !== 7) return;
    week.forEach((day, i) => {
      const problem = dayProblem(day, RULES_LIMITS.intervalsPerDay);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: msg(problem, { day: `@rules.day.${i + 1}`, max: RULES_LIMITS.intervalsPerDay }),
        });
    });
  });

/** Add (no id) or edit a schedule. */
export const saveScheduleInput = z
  .object({
    id: optInt('f.id'),
    communityId,
    name: name('f.rules.scheduleName'),
    week: weekField.refine((w) => w !== undefined, msg('v.required', { field: '@f.rules.week' })),
    holidayMode: reqInt('f.rules.holidayMode', true).refine(
      (v) => Object.values(HOLIDAY_MODE).includes(v as 0 | 1),
      msg('v.invalid', { field: '@f.rules.holidayMode' }),
    ),
    holidayWeekday: optInt('f.rules.holidayWeekday').refine(
      (v) => v === undefined || (ISO_WEEKDAYS as readonly number[]).includes(v),
      msg('v.invalid', { field: '@f.rules.holidayWeekday' }),
    ),
  })
  .refine((v) => v.holidayMode !== HOLIDAY_MODE.weekday || v.holidayWeekday !== undefined, {
    message: msg('v.choose', { field: '@f.rules.holidayWeekday' }),
    path: ['holidayWeekday'],
  });

/** A calendar day `YYYY-MM-DD` (slashes accepted). */
export const dayField = (field: string) =>
  reqStr(field, 10)
    .refine((v) => v.length === 10 && isDateText(v), msg('v.invalid', { field: `@${field}` }))
    .transform((v) => v.replace(/\//g, '-'));

const holidayFields = {
  name: name('f.rules.holidayName'),
  datefrom: dayField('f.rules.datefrom'),
  dateto: dayField('f.rules.dateto'),
};
const holidayInOrder: [(v: { datefrom: string; dateto: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.datefrom <= v.dateto,
  { message: msg('rules.v.holidayOrder'), path: ['dateto'] },
];

/** Add (no id) or edit a holiday: one day (from = to) or a range, both inclusive. */
export const saveHolidayInput = z.object({ id: optInt('f.id'), communityId, ...holidayFields }).refine(...holidayInOrder);

/** Holiday import: the community is chosen first. */
export const holidayImportInput = z.object({ communityId, importId: optionalImportId });
/** One imported holiday row. */
export const holidayImportRow = z.object(holidayFields).refine(...holidayInOrder);

/**
 * The lift floors a group gives on one of its door units (the card lift dialog's fields
 * without the holder's admin / disabled flags). Resident floor, lift group, lift number and
 * door type are all-or-nothing (the server names the door unit); all four blank: no lift there.
 */
export const groupLiftItem = ladderItem.omit({ isadmin: true, isVilla: true });

/** Add (no id) or edit an access group: its door units, schedule (0: Always) and lift floors on its units. */
export const saveGroupInput = z.object({
  id: optInt('f.id'),
  communityId,
  name: name('f.rules.groupName'),
  scheduleId: reqInt('f.rules.schedule', true).refine((v) => v >= 0, msg('v.invalid', { field: '@f.rules.schedule' })),
  units: intList('f.rules.units').refine(
    (v) => v.length <= RULES_LIMITS.unitsPerGroup,
    msg('v.tooMany', { field: '@f.rules.units', max: RULES_LIMITS.unitsPerGroup }),
  ),
  /** Absent: the group's lift floors stay as they are; a list: exactly these (one item per door unit). */
  lifts: jsonList('f.rules.lifts', groupLiftItem).optional(),
});

/**
 * The card of a card's access groups, by its row id: `cardRowId`. `cardId` is its deprecated
 * alias (the same row id under the name it had until Nov 2026), still accepted for one release so
 * an outside caller does not break; the server reads `cardRowId ?? cardId`. One of them is required.
 */
const cardRowIdFields = {
  cardRowId: optInt('f.id'),
  /** @deprecated Send `cardRowId`: this is the card's row id, not its number. */
  cardId: optInt('f.id').meta({
    deprecated: true,
    description: "Deprecated alias of cardRowId (the card's row id, not its number); accepted for one release.",
  }),
};
const oneCardRowId: [(v: { cardRowId?: number | undefined; cardId?: number | undefined }) => boolean, { message: string; path: string[] }] =
  [(v) => v.cardRowId !== undefined || v.cardId !== undefined, { message: msg('v.required', { field: '@f.id' }), path: ['cardRowId'] }];
/** A card's access groups (the door-unit dialog of the card lists). */
export const cardGroupsInput = z.object({ ...withT, ...cardRowIdFields }).refine(...oneCardRowId);
export const setCardGroupsInput = z.object({ ...cardRowIdFields, groupIds: intList('f.rules.groups') }).refine(...oneCardRowId);
/** A face's access groups (the face's door-unit dialog). */
export const faceGroupsInput = z.object({ ...withT, faceId: reqInt('f.id') });
export const setFaceGroupsInput = z.object({ faceId: reqInt('f.id'), groupIds: intList('f.rules.groups') });

/** A group's members (its own page). */
export const groupMembersInput = z.object({ ...withT, groupId: reqInt('f.id') });
/** Cards and faces of the group's community that could join it, by card number, account or name. */
export const groupCandidatesInput = z.object({ ...withT, groupId: reqInt('f.id'), text: reqStr('f.rules.memberSearch', 20) });
/** Cards and faces to add to, or remove from, a group. */
export const groupMembersChangeInput = z
  .object({ groupId: reqInt('f.id'), cards: intList('f.rules.cards'), faces: intList('f.rules.faces') })
  .refine((v) => v.cards.length + v.faces.length > 0, msg('v.choose', { field: '@f.rules.members' }));

/** The community's time zone (IANA name, e.g. Asia/Shanghai): what its door units judge schedules by. */
export const timeZoneInput = z.object({
  communityId,
  timeZone: reqStr('f.rules.timeZone', 64).refine(
    (v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    },
    msg('v.invalid', { field: '@f.rules.timeZone' }),
  ),
});
