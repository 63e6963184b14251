import { ROUTES } from '@gatehouse/contracts';
import { handle, type Registered } from '../../http/route.ts';
import { openAlarmCount, overview } from './overview.ts';
import { openStream } from './stream.ts';

export const overviewHandlers: Registered[] = [
  handle(ROUTES.live.stream, async (_input, ctx, { req, reply }) => {
    await openStream(ctx, req, reply);
    return undefined;
  }),
  handle(ROUTES.live.getOverview, async (_input, ctx) => overview(ctx)),
  handle(ROUTES.live.getOpenAlarmCount, async (_input, ctx) => ({ count: await openAlarmCount(ctx) })),
];
