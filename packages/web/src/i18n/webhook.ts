import { defineMessages } from '@gatehouse/contracts';
import catalogue from './webhook.json' with { type: 'json' };

/** Webhooks page (administrators). Kinds and delivery states are server keys `webhook.kind.*`, `webhook.delivery.*`. */
export const webhookUi = defineMessages(catalogue);
