import type { Area } from '../area.ts';
import { cardsOfUnit } from './cards.ts';
import { faceSource } from './faces.ts';
import { groupLadderEntries, ladderEntries } from './lifts.ts';
import { revokedQrsOfUnit } from './qr.ts';
import { holderHandlers } from './routes.ts';

/**
 * A credential on a door unit (issue 32): which units take a card, a face or a visitor QR code,
 * saving a credential's units, what each unit holds of it, its groups' schedules and its lift
 * entries (collected in modules/index.ts). Cards and faces keep their own create, edit, import
 * and photos.
 */
export const holderArea: Area = {
  name: 'holder',
  handlers: holderHandlers,
  /** Cards, faces, then withdrawn visitor QR codes still inside their signed validity (qr.revoke). */
  desiredSources: [cardsOfUnit, faceSource, revokedQrsOfUnit],
  /** Own lift control, then the access groups' lift floors. */
  ladderSources: [ladderEntries, groupLadderEntries],
};
