import fs from 'node:fs';
import { ROUTES } from '@gatehouse/contracts';
import { doneAnswer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { fileHeaders } from '../../xlsx/write.ts';
import { deleteMessage, messageFile, messagesPage } from './service.ts';

const M = ROUTES.message;

export const messageHandlers: Registered[] = [
  handle(M.getMessagesPage, async (input, ctx) => messagesPage(ctx, input)),
  handle(M.deleteMsg, async (input, ctx) => doneAnswer(deleteMessage(ctx, input.id), 'ok.deleted')),
  handle(M.downloadMessageFile, async (input, ctx, { reply }) => {
    const f = await messageFile(ctx, input.id);
    await fileHeaders(reply, f.name, f.mime).send(fs.createReadStream(f.full));
    return undefined;
  }),
];
