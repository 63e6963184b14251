import { cardRoutes, faceRoutes } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { cardUnitsInfo, faceUnitsInfo, saveCardUnits, saveFaceUnits } from './save-units.ts';

/** A card's and a face's door units (the download dialogs): the routes keep their modules' paths and answers. */
export const holderHandlers: Registered[] = [
  handle(cardRoutes.getCardAddressDownloadInfo, async (input, ctx) => cardUnitsInfo(ctx, input.id)),
  handle(cardRoutes.updateCardAddressInfo, async (input, ctx) => new Answer(200, await saveCardUnits(ctx, input), ['card.downloadSaved'])),
  handle(faceRoutes.getFaceAddressDownloadInfo, async (input, ctx) => faceUnitsInfo(ctx, input)),
  handle(faceRoutes.updateFaceAddressInfo, async (input, ctx) => new Answer(200, await saveFaceUnits(ctx, input), ['ok.configured'])),
];
