import type { Area } from '../area.ts';
import { webhookHandlers } from './routes.ts';
import { startWebhooks } from './worker.ts';

/** Webhooks for integrators (docs/live-operations.md "Webhooks"). */
export const webhookArea: Area = {
  name: 'webhook',
  handlers: webhookHandlers,
  /** Queues device news as deliveries and sends the deliveries due. */
  workers: [startWebhooks],
};
