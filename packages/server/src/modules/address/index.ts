import type { Area } from '../area.ts';
import { callCodeSource } from './amt-sync.ts';
import { callCodeDependent } from './dependents.ts';
import { addressHandlers } from './routes.ts';

/** What the address area contributes (collected in modules/index.ts). */
export const addressArea: Area = {
  name: 'address',
  handlers: addressHandlers,
  dependents: [callCodeDependent],
  desiredSources: [callCodeSource],
};
