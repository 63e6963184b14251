import type { Area } from '../area.ts';
import { faceDependent } from './dependents.ts';
import { faceHandlers } from './routes.ts';

/** What the face area contributes (collected in modules/index.ts). */
export const faceArea: Area = {
  name: 'face',
  handlers: faceHandlers,
  dependents: [faceDependent],
};
