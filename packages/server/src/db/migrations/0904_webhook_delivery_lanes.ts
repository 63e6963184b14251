import { sqlIndexesMigration } from './schema.ts';

/** Each webhook's due deliveries in order, read per webhook by the delivery lanes (modules/webhook/lanes.ts). */
export const { up, down } = sqlIndexesMigration([
  ['webhook_delivery_hook_due_idx', `webhook_delivery (webhook_id, next_at, id) where status = 0`],
]);
