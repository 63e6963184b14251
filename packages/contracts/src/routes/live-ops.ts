import type { Page } from '../envelope.ts';
import type { DeliveryStatus } from '../codes.ts';
import type { DoorOpenResult, SettableEmergencyMode, WebhookDeliveryKind, WebhookKind } from '../live-ops.ts';
import {
  doorOpenInput,
  emergencyActiveInput,
  emergencyLiftInput,
  emergencySetInput,
  webhookCreateInput,
  webhookDeliveriesInput,
  webhookIdInput,
  webhookIdsInput,
  webhookListInput,
  webhookUpdateInput,
} from '../schemas/live-ops.ts';
import { ROLE } from '../roles.ts';
import type { Deleted } from '../envelope.ts';
import { defineRoutes, r } from './define.ts';

export * from '../schemas/live-ops.ts';

/** An emergency mode in force (times `yyyy/MM/dd HH:mm:ss`); addressId null: the whole community. */
export interface EmergencyRow {
  id: number;
  communityId: number;
  communityName: string;
  addressId: number | null;
  address: string;
  mode: SettableEmergencyMode;
  reason: string;
  setBy: string;
  setAt: string;
}

/** What a remote open answers: the command, and the unit's result (or no answer within DOOR_OPEN_WAIT_MS). */
export interface DoorOpenAnswer {
  commandId: number;
  result: DoorOpenResult;
  info: string;
}

export interface WebhookRow {
  id: number;
  url: string;
  kinds: WebhookKind[];
  description: string;
  enabled: boolean;
  /** Why it was disabled automatically ('' when enabled or disabled by hand). */
  disabledReason: string;
  consecutiveFailures: number;
  createdAt: string;
  lastDeliveryAt: string;
}

/** A webhook with its secret: answered only when created and when its secret is rotated. */
export interface WebhookWithSecret extends WebhookRow {
  secret: string;
}

export interface DeliveryRow {
  id: number;
  kind: WebhookDeliveryKind;
  eventId: string;
  status: DeliveryStatus;
  attempts: number;
  /** The receiver's last HTTP status (0: no answer). */
  responseCode: number;
  lastError: string;
  createdAt: string;
  nextAttemptAt: string;
  deliveredAt: string;
}

const gm = { menus: ['access.gm'] } as const;

/** Emergency modes (docs/live-operations.md "Emergency modes"). */
export const emergencyRoutes = defineRoutes('emergency', {
  /** The modes in force in the caller's communities (the banner). */
  getActive: r<EmergencyRow[]>()({ method: 'GET', input: emergencyActiveInput, access: 'session' }),
  setMode: r<EmergencyRow & { queued: number }>()({ method: 'POST', input: emergencySetInput, access: gm }),
  lift: r<{ queued: number }>()({ method: 'POST', input: emergencyLiftInput, access: gm }),
});

/** Remote open (docs/live-operations.md "Remote open"). */
export const doorRoutes = defineRoutes('door', {
  open: r<DoorOpenAnswer>()({ method: 'POST', input: doorOpenInput, access: gm }),
});

const admins = { menus: ['webhook'], roles: [ROLE.superAdmin, ROLE.admin] } as const;

/** Webhooks for integrators, administrators only (docs/live-operations.md "Webhooks"). */
export const webhookRoutes = defineRoutes('webhook', {
  getWebhooks: r<WebhookRow[]>()({ method: 'GET', input: webhookListInput, access: admins }),
  createWebhook: r<WebhookWithSecret>()({ method: 'POST', input: webhookCreateInput, access: admins }),
  updateWebhook: r<WebhookRow>()({ method: 'POST', input: webhookUpdateInput, access: admins }),
  rotateSecret: r<WebhookWithSecret>()({ method: 'POST', input: webhookIdInput, access: admins }),
  deleteWebhooks: r<Deleted>()({ method: 'POST', input: webhookIdsInput, access: admins }),
  /** Delivers a `ping` now and answers the delivery (status, response code). */
  sendTest: r<DeliveryRow>()({ method: 'POST', input: webhookIdInput, access: admins }),
  getDeliveries: r<Page<DeliveryRow>>()({ method: 'GET', input: webhookDeliveriesInput, access: admins }),
});
