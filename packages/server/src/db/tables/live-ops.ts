import type { ColumnType, Generated } from 'kysely';

/** An emergency mode set on a community or door unit (migration 0331_emergency). */
export interface EmergencyModeTable {
  id: Generated<number>;
  community_id: number;
  address_id: number | null;
  mode: string;
  reason: string;
  set_account_id: number;
  set_regno: string;
  set_at: Generated<Date>;
  lifted_at: Date | null;
  lifted_regno: string | null;
  lift_reason: string | null;
}

/** A webhook registration (migration 0901_webhooks); `kinds` is a JSON list of WEBHOOK_KINDS. */
export interface WebhookTable {
  id: Generated<number>;
  url: string;
  kinds: ColumnType<string[], string, string>;
  description: Generated<string>;
  secret_enc: string;
  enabled: Generated<boolean>;
  disabled_reason: Generated<string>;
  consecutive_failures: Generated<number>;
  failing_since: Date | null;
  last_delivery_at: Date | null;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One delivery of one news item to one webhook: a queued row the worker sends (status: DELIVERY_STATUS). */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  kind: string;
  event_id: string;
  body: string;
  status: Generated<number>;
  attempts: Generated<number>;
  next_at: Generated<Date>;
  locked_until: Date | null;
  response_code: Generated<number>;
  last_error: Generated<string>;
  created_at: Generated<Date>;
  delivered_at: Date | null;
}

export interface LiveOpsTables {
  emergency_mode: EmergencyModeTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
}
