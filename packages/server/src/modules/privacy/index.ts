import type { Area } from '../area.ts';
import { privacyHandlers } from './routes.ts';

/**
 * Personal data (issue 35, docs/privacy.md): consent before a face, erasure receipts, and (added
 * by the data-request work) the "what do you hold about me" export and retention.
 */
export const privacyArea: Area = {
  name: 'privacy',
  handlers: privacyHandlers,
};
