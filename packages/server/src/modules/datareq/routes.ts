import { datareqRoutes } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { exportPerson, personSummary } from './export.ts';
import { previewRetention, retentionSettings, saveRetention } from './retention.ts';

const D = datareqRoutes;

/** A person's data export and retention (issue 35 items 2 and 4). */
export const datareqHandlers: Registered[] = [
  handle(D.getPersonSummary, async (input, ctx) => personSummary(ctx, input)),
  handle(D.exportPerson, async (input, ctx, { reply }) => repliedBy(exportPerson(ctx, input, reply))),
  handle(D.getRetention, async (input, ctx) => retentionSettings(ctx, input.communityId)),
  handle(D.setRetention, async (input, ctx) => new Answer(200, await saveRetention(ctx, input), ['ok.saved'])),
  handle(D.previewRetention, async (input, ctx) => previewRetention(ctx, input.communityId)),
];
