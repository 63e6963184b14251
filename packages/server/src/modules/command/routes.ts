import { ROUTES } from '@gatehouse/contracts';
import { doneAnswer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { commandDetail, commandsPage, redownload } from './queries.ts';

const C = ROUTES.command;

export const commandHandlers: Registered[] = [
  handle(C.getCommandsPage, async (input, ctx) => commandsPage(ctx, input)),
  handle(C.getDetailByCmdId, async (input, ctx) => commandDetail(ctx, input.id)),
  handle(C.redownload, async (input, ctx) => doneAnswer(redownload(ctx, input.id), 'ok.resent')),
];
