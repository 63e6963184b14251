import fs from 'node:fs';
import { ROUTES } from '@gatehouse/contracts';
import { Answer, doneAnswer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { fileHeaders } from '../../xlsx/write.ts';
import { createNotice, deleteNotice, getNotice, noticeFile, noticesPage } from './service.ts';

const N = ROUTES.notice;

export const noticeHandlers: Registered[] = [
  handle(N.getNoticesPage, async (input, ctx) => noticesPage(ctx, input)),
  handle(N.getNotice, async (input, ctx) => getNotice(ctx, input.id)),
  handle(N.deleteNotice, async (input, ctx) => doneAnswer(deleteNotice(ctx, input.id), 'ok.deleted')),
  handle(N.uploadNoticeFiles, async (input, ctx, { files }) => new Answer(200, await createNotice(ctx, input, files), ['ok.created'])),
  handle(N.downloadNoticeFile, async (input, ctx, { reply }) => {
    const f = await noticeFile(ctx, input.id);
    await fileHeaders(reply, f.name, f.mime).send(fs.createReadStream(f.full));
    return undefined;
  }),
];
