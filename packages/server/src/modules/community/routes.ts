import { ROUTES } from '@gatehouse/contracts';
import { Answer, idsDeletedAnswer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { changeCovers, communityFiles, sendCover } from './covers.ts';
import { enterprisePage, updateEnterprise } from './enterprise.ts';
import { allCommunities, communityById, communityPage, homeCommunities, searchCommunityNames } from './queries.ts';
import { createCommunity, deleteCommunities, updateCommunity } from './service.ts';

const C = ROUTES.community;

export const communityHandlers: Registered[] = [
  handle(C.getHomeCommunities, async (input, ctx) => homeCommunities(ctx, input.name)),
  handle(C.getAllCommunities, async (input, ctx) => allCommunities(ctx, input.type)),
  handle(C.getCommunitiesByPage, async (input, ctx) => communityPage(ctx, input)),
  handle(C.getCommunity, async (input, ctx) => communityById(ctx, input.id)),
  handle(C.searchCommunitynames, async (input, ctx) => searchCommunityNames(ctx, input.name)),
  handle(C.getCommunityFiles, async (input, ctx) => communityFiles(ctx, input.communityId)),
  handle(C.getCommunityFile, async (input, ctx, { reply }) => repliedBy(sendCover(ctx, input.fileId, reply))),
  handle(C.create, async (input, ctx) => new Answer(200, await createCommunity(ctx, input), ['ok.created'])),
  handle(C.updateCommu, async (input, ctx) => new Answer(200, await updateCommunity(ctx, input), ['ok.updated'])),
  handle(C.batchDel, async (input, ctx) => idsDeletedAnswer(deleteCommunities(ctx, input.ids), input.ids)),
  handle(C.uploadCommunityFiles, async (input, ctx, { files }) => {
    const list = await changeCovers(ctx, input, files);
    return new Answer(200, list, [input.func === 'del' ? 'ok.deleted' : 'cover.uploaded']);
  }),
  handle(C.getEnterprisesPage, async (input, ctx) => enterprisePage(ctx, input)),
  handle(C.updateEnterprise, async (input, ctx) => new Answer(200, await updateEnterprise(ctx, input), ['ok.updated'])),
];
