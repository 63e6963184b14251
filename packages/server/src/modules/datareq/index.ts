import type { Area } from '../area.ts';
import { retentionWorker } from './retention.ts';
import { datareqHandlers } from './routes.ts';

/** "What do you hold about me" (a person's data export) and retention (issue 35 items 2 and 4). */
export const datareqArea: Area = {
  name: 'datareq',
  handlers: datareqHandlers,
  workers: [retentionWorker],
};
