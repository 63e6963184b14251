import { ROUTES } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { gmOptions, searchGmsPage, updateLadderFile } from './queries.ts';

const G = ROUTES.gm;

export const gmHandlers: Registered[] = [
  handle(G.searchGmsPage, async (input, ctx) => searchGmsPage(ctx, input)),
  handle(G.getGmOptions, async (input, ctx) => gmOptions(ctx, input.name)),
  handle(G.updateALTFileByAddressId, async (input, ctx) => new Answer(200, await updateLadderFile(ctx, input.id), ['gm.ladderQueued'])),
];
