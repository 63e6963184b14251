import { ROUTES } from '@gatehouse/contracts';
import { Answer, deletedAnswer, doneAnswer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { importAnswer } from '../../xlsx/import-runner.ts';
import { loadCard } from '../holder/access.ts';
import { deleteEntry, redownloadEntry, updateEntry } from './gates.ts';
import { cardTemplate, importCards } from './import.ts';
import { ladderInfo, saveLadder } from './ladder.ts';
import { cardRow, cardsPage, doorUnitCardsPage } from './queries.ts';
import { createCard, deleteCards, updateCard } from './service.ts';

const C = ROUTES.card;

export const cardHandlers: Registered[] = [
  handle(C.getGateAccessesPage, async (input, ctx) => cardsPage(ctx, input)),
  handle(C.getCardById, async (input, ctx) => {
    await loadCard(ctx, input.id);
    return cardRow(ctx.db, input.id);
  }),
  handle(C.createCard, async (input, ctx) => new Answer(200, await createCard(ctx, input), ['ok.created'])),
  handle(C.updateCard, async (input, ctx) => new Answer(200, await updateCard(ctx, input), ['ok.updated'])),
  handle(C.batchDel, async (input, ctx) => deletedAnswer((await deleteCards(ctx, input.ids)).deleted)),
  handle(C.uploadCardFile, async (input, ctx, { files }) =>
    importAnswer(await importCards(ctx, input.communityID, input.ismjtk, files[0])),
  ),
  handle(C.cardTemplate, async (_input, ctx, { reply }) => repliedBy(cardTemplate(ctx, reply))),
  handle(C.getLadderDownloadInfo, async (input, ctx) => ladderInfo(ctx, input)),
  handle(C.updateLadderControl, async (input, ctx) => new Answer(200, await saveLadder(ctx, input), ['ok.configured'])),
  handle(C.getGateAccessesByAddressId, async (input, ctx) => doorUnitCardsPage(ctx, input)),
  handle(C.updateGateAccessAddressByAddressId, async (input, ctx) => new Answer(200, await updateEntry(ctx, input), ['ok.updated'])),
  handle(C.delGateAccessAddressById, async (input, ctx) => doneAnswer(deleteEntry(ctx, input.id), 'ok.deleted')),
  handle(C.updateRedownload, async (input, ctx) => new Answer(200, await redownloadEntry(ctx, input.id), ['ok.resent'])),
];
