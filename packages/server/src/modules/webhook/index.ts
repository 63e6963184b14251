import type { Area } from '../area.ts';
import { webhookHandlers } from './routes.ts';

/** Webhooks for integrators (docs/live-operations.md "Webhooks"); the delivery worker is started at boot. */
export const webhookArea: Area = {
  name: 'webhook',
  handlers: webhookHandlers,
};
