import type { Area } from '../area.ts';
import { startFanOuts } from './fanout.ts';
import { rulesHandlers } from './routes.ts';
import { groupPlaces } from './places.ts';
import { rulesOfUnit } from './tables.ts';

/** What the access-rules area contributes (collected in modules/index.ts): docs/access-rules.md. */
export const rulesArea: Area = {
  name: 'rules',
  handlers: rulesHandlers,
  desiredSources: [rulesOfUnit],
  /** Units and lift floors reached through groups (access review, move-out, expire unused). */
  placeSources: [groupPlaces],
  /** Big groups' members re-sent to their units in the background after a change. */
  workers: [startFanOuts],
};
