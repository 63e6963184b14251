import { ROUTES } from '@gatehouse/contracts';
import { Answer, doneAnswer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { importAnswer } from '../../xlsx/import-runner.ts';
import { cardGroups, faceGroups, setCardGroups, setFaceGroups } from './credential-groups.ts';
import { addGroupMembers, groupCandidates, groupMembers, removeGroupMembers } from './group-members.ts';
import { deleteGroup, doorUnitOptions, listGroups, saveGroup } from './groups.ts';
import { deleteHoliday, holidayTemplate, importHolidays, listHolidays, saveHoliday } from './holidays.ts';
import { deleteSchedule, listSchedules, saveSchedule } from './schedules.ts';
import { rulesSettings, setTimeZone } from './settings.ts';

const R = ROUTES.rules;

/** The card of getCardGroups / setCardGroups: its row id, `cardRowId`, else the deprecated `cardId` (the schema requires one). */
const cardRowIdOf = (input: { cardRowId?: number | undefined; cardId?: number | undefined }): number =>
  input.cardRowId ?? (input.cardId as number);

export const rulesHandlers: Registered[] = [
  handle(R.getSettings, async (input, ctx) => rulesSettings(ctx, input.communityId)),
  handle(R.setTimeZone, async (input, ctx) => new Answer(200, await setTimeZone(ctx, input.communityId, input.timeZone), ['ok.saved'])),
  handle(R.getSchedules, async (input, ctx) => listSchedules(ctx, input.communityId)),
  handle(R.saveSchedule, async (input, ctx) => new Answer(200, await saveSchedule(ctx, input), ['ok.saved'])),
  handle(R.deleteSchedule, async (input, ctx) => doneAnswer(deleteSchedule(ctx, input.id), 'ok.deleted')),
  handle(R.getHolidays, async (input, ctx) => listHolidays(ctx, input.communityId)),
  handle(R.saveHoliday, async (input, ctx) => new Answer(200, await saveHoliday(ctx, input), ['ok.saved'])),
  handle(R.deleteHoliday, async (input, ctx) => doneAnswer(deleteHoliday(ctx, input.id), 'ok.deleted')),
  handle(R.downloadHolidayTemplate, async (_input, ctx, { reply }) => repliedBy(holidayTemplate(ctx, reply))),
  handle(R.importHolidays, async (input, ctx, { files }) =>
    importAnswer(await importHolidays(ctx, input.communityId, files[0], input.importId)),
  ),
  handle(R.getDoorUnits, async (input, ctx) => doorUnitOptions(ctx, input.communityId)),
  handle(R.getGroups, async (input, ctx) => listGroups(ctx, input.communityId)),
  handle(R.saveGroup, async (input, ctx) => new Answer(200, await saveGroup(ctx, input), ['ok.saved'])),
  handle(R.deleteGroup, async (input, ctx) => doneAnswer(deleteGroup(ctx, input.id), 'ok.deleted')),
  handle(R.getGroupMembers, async (input, ctx) => groupMembers(ctx, input.groupId)),
  handle(R.findGroupCandidates, async (input, ctx) => groupCandidates(ctx, input.groupId, input.text)),
  handle(R.addGroupMembers, async (input, ctx) => new Answer(200, await addGroupMembers(ctx, input), ['ok.saved'])),
  handle(R.removeGroupMembers, async (input, ctx) => new Answer(200, await removeGroupMembers(ctx, input), ['ok.saved'])),
  handle(R.getCardGroups, async (input, ctx) => cardGroups(ctx, cardRowIdOf(input))),
  handle(
    R.setCardGroups,
    async (input, ctx) => new Answer(200, await setCardGroups(ctx, cardRowIdOf(input), input.groupIds), ['ok.saved']),
  ),
  handle(R.getFaceGroups, async (input, ctx) => faceGroups(ctx, input.faceId)),
  handle(R.setFaceGroups, async (input, ctx) => new Answer(200, await setFaceGroups(ctx, input.faceId, input.groupIds), ['ok.saved'])),
];
