import { ROUTES } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { commandDetail, commandsPage, redownload } from './queries.ts';

const C = ROUTES.command;

export const commandHandlers: Registered[] = [
  handle(C.getCommandsPage, async (input, ctx) => commandsPage(ctx, input)),
  handle(C.getDetailByCmdId, async (input, ctx) => commandDetail(ctx, input.id)),
  handle(C.redownload, async (input, ctx) => {
    await redownload(ctx, input.id);
    return new Answer(200, null, ['ok.resent']);
  }),
];
