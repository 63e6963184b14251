import type { Area } from '../area.ts';
import { reviewHandlers } from './routes.ts';
import { liftPlaces, unitPlaces } from './sources.ts';

/** Access review, move-out and unused credentials (issue 13 items 5–7; collected in modules/index.ts). */
export const reviewArea: Area = {
  name: 'review',
  handlers: reviewHandlers,
  placeSources: [unitPlaces, liftPlaces],
};
