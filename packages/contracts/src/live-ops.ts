/**
 * Live operations (docs/live-operations.md): emergency modes, remote open and webhooks.
 * Pure data: no node or browser APIs here.
 */
import { ROLE, type RoleId } from './roles.ts';

/** The modes a door unit can be in; `normal` is what lifting a mode sends. */
export const EMERGENCY_MODE = { normal: 'normal', lockdown: 'lockdown', allOpen: 'allOpen' } as const;
export type EmergencyMode = (typeof EMERGENCY_MODE)[keyof typeof EMERGENCY_MODE];
/** The modes staff can set (lifting one goes back to normal). */
export const SETTABLE_EMERGENCY_MODES = ['lockdown', 'allOpen'] as const;
export type SettableEmergencyMode = (typeof SETTABLE_EMERGENCY_MODES)[number];

/**
 * "Administrator cards": in lockdown a unit still opens for the cards and faces of accounts
 * of these roles (system administrators, property supervisors and property staff) of the
 * unit's community; the lockdown command carries their account numbers.
 */
export const LOCKDOWN_ROLES: readonly RoleId[] = [ROLE.superAdmin, ROLE.admin, ROLE.propertySupervisor, ROLE.propertyStaff];

/** Command priorities (higher leaves first): an emergency mode jumps pending credential commands, a remote open too. */
export const COMMAND_PRIORITY = { emergency: 10, doorOpen: 20 } as const;

/** How long the remote-open call waits for the unit's answer. */
export const DOOR_OPEN_WAIT_MS = 5000;
/** A unit drops (answers `ok: false`, "expired") a `door.open` whose `createdAt` is older than this (protocol §10). */
export const DOOR_OPEN_MAX_AGE_MS = 10_000;
/** Remote opens one operator may ask for per minute (429 beyond). */
export const DOOR_OPEN_PER_MINUTE = 20;

/**
 * What a remote open answers: the unit opened, or refused; `noAnswer`: the command reached the
 * broker for the unit but no answer came in time (the door may have opened; it is sent no more);
 * `withdrawn`: the command never left the server (the door did not open).
 */
export type DoorOpenResult = 'opened' | 'failed' | 'noAnswer' | 'withdrawn';

/** The kinds of news a webhook can ask for. `ping` is the "send test" delivery only. */
export const WEBHOOK_KINDS = ['access', 'device.online', 'device.offline', 'command.failed', 'emergency'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export type WebhookDeliveryKind = WebhookKind | 'ping';

/** A webhook is disabled after this many failed deliveries in a row, or after failing for a day. */
export const WEBHOOK_DISABLE_AFTER = { failures: 20, ms: 24 * 3600_000 } as const;

/** Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<body>">`; receivers refuse a t older than 5 min. */
export const WEBHOOK_SIGNATURE_HEADER = 'Gatehouse-Signature';
export const WEBHOOK_REPLAY_WINDOW_S = 300;
