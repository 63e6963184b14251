import { faceRoutes } from '@gatehouse/contracts';
import { Answer, doneAnswer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { deleteGateFace, gateFacesPage, redownloadGateFace, updateGateFace } from './gates.ts';
import { deleteFace } from '../privacy/erase-face.ts';
import { checkFace, createFace, facesPage, getFace, sendFacePhoto, updateFace } from './service.ts';

const F = faceRoutes;

/** Faces (001 §7 "Faces"): face management and the door unit face list. */
export const faceHandlers: Registered[] = [
  handle(F.getFaces, async (input, ctx) => facesPage(ctx, input)),
  handle(F.getFaceById, async (input, ctx) => getFace(ctx, input.id)),
  handle(F.getFacePhoto, async (input, ctx, { reply }) => repliedBy(sendFacePhoto(ctx, input.id, reply))),
  handle(F.createFace, async (input, ctx) => new Answer(200, await createFace(ctx, input), ['ok.created'])),
  handle(F.updateFace, async (input, ctx) => new Answer(200, await updateFace(ctx, input), ['ok.updated'])),
  handle(F.delFace, async (input, ctx) => doneAnswer(deleteFace(ctx, input.id), 'ok.deleted')),
  handle(F.checkFaceValid, async (input) => checkFace(input)),
  handle(F.getFaceAddressByAddressId, async (input, ctx) => gateFacesPage(ctx, input)),
  handle(F.updateFaceAddressByAddressId, async (input, ctx) => new Answer(200, await updateGateFace(ctx, input), ['ok.updated'])),
  handle(F.delFaceAddressById, async (input, ctx) => doneAnswer(deleteGateFace(ctx, input.id), 'ok.deleted')),
  handle(F.updateFaceRedownload, async (input, ctx) => new Answer(200, await redownloadGateFace(ctx, input.id), ['ok.resent'])),
];
