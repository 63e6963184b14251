/**
 * The door-unit protocol (DESIGN §6, docs/device-protocol.md): topics and enumerations
 * (the messages are in device-protocol.ts) shared by the server, the web screens and the device simulator.
 * Pure data: no node or browser APIs here.
 */

/**
 * What a command does on the device (`kind` of the cmd payload). A command carries the
 * whole new state of one object (set semantics), so applying it twice is harmless.
 */
export const CMD_KIND = {
  /** Name, address, community, villa flag, hardware of the unit. */
  profile: 'device.profile',
  /** The Ed25519 public key that signs visitor QR codes. */
  qrKey: 'qr.key',
  /** The complete call-code table of the unit (replaces the previous one). */
  callCodes: 'amt.table',
  /** The complete lift-control (ladder) file of the unit (replaces the previous one). */
  ladderFile: 'ladder.file',
  /** One card: put (add or replace) or delete. */
  cardPut: 'card.put',
  cardDelete: 'card.delete',
  /** One face: put or delete. */
  facePut: 'face.put',
  faceDelete: 'face.delete',
  /** Forget every card, face and code; a full configuration follows. */
  reset: 'device.reset',
  /** Emergency mode of the unit: normal, lockdown or all open (docs/live-operations.md). */
  emergencyMode: 'emergency.mode',
  /** Open the door once, now (remote open by an operator). */
  doorOpen: 'door.open',
  /** The complete weekly-schedule table of the unit's community, with its time zone (access rules). */
  scheduleTable: 'schedule.table',
  /** The complete holiday table of the unit's community (access rules). */
  holidayTable: 'holiday.table',
  /** The access groups the unit belongs to, with their schedules (visitor QR codes given groups). */
  groupTable: 'group.table',
  /** A visitor QR code withdrawn before its signed expiry: refuse it until then (move-out). */
  qrRevoke: 'qr.revoke',
} as const;
export type CmdKind = (typeof CMD_KIND)[keyof typeof CMD_KIND];

/** Topic names under `<prefix>/dev/<serial>/`. */
export const DEVICE_TOPICS = ['cmd', 'ack', 'event', 'status', 'heartbeat', 'evack'] as const;
export type DeviceTopic = (typeof DEVICE_TOPICS)[number];
/**
 * The only topics a door unit may publish on (its own, under `<prefix>/dev/<serial>/`), and the ones it
 * subscribes to. One list for every broker: the embedded one, Mosquitto's dynamic-security role and
 * EMQX's HTTP authorizer all read it (docs/scale-out.md).
 */
/**
 * The kinds of door unit (issue 33, devices/adapters/contract.ts): Gatehouse's own MQTT protocol,
 * Hikvision terminals driven over ISAPI, ZKTeco terminals speaking the PUSH protocol. Chosen when a
 * unit is added to the pool; shown and filtered in the device lists.
 */
export const UNIT_KINDS = ['gatehouse-mqtt', 'hik-isapi', 'zk-push'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
/**
 * Kinds the server calls at an address with a user and password (the pool's vendor fields, the
 * password stored sealed): today the Hikvision ISAPI terminals. Areas ask this, never name a vendor.
 */
export const ADDRESSED_KINDS: readonly UnitKind[] = ['hik-isapi'];
export const isAddressedKind = (kind: string | undefined): boolean => !!kind && (ADDRESSED_KINDS as readonly string[]).includes(kind);

export const UNIT_PUBLISHES = ['ack', 'event', 'status', 'heartbeat'] as const satisfies readonly DeviceTopic[];
/** `cmd`: its commands; `evack`: the server's word that events it sent are stored (docs/device-protocol.md §7). */
export const UNIT_SUBSCRIBES = ['cmd', 'evack'] as const satisfies readonly DeviceTopic[];
export const deviceTopic = (prefix: string, serial: string, t: DeviceTopic): string => `${prefix}/dev/${serial}/${t}`;
/**
 * The community's broadcast of its emergency mode (docs/device-protocol.md §10): the server publishes it
 * once, retained, and the broker hands it to every unit of the community, which may subscribe to its own
 * community's topic only (the community it was told in `device.profile`).
 */
export const communityTopic = (prefix: string, communityId: number): string => `${prefix}/community/${communityId}/emergency`;
/** The root of the community topics (the server publishes under it). */
export const communityTopicRoot = (prefix: string): string => `${prefix}/community/`;

/** Parses `<prefix>/dev/<serial>/<topic>`; null for anything else. */
export function parseDeviceTopic(prefix: string, topic: string): { serial: string; topic: DeviceTopic } | null {
  const head = `${prefix}/dev/`;
  if (!topic.startsWith(head)) return null;
  const rest = topic.slice(head.length).split('/');
  if (rest.length !== 2 || !rest[0]) return null;
  const t = rest[1] as DeviceTopic;
  return DEVICE_TOPICS.includes(t) ? { serial: rest[0], topic: t } : null;
}

/** A serial number usable in a topic: no MQTT wildcards or separators. */
export const SERIAL_PATTERN = /^[A-Za-z0-9._:-]+$/;

/**
 * Visitor QR code text: `GH1.<base64url(JSON body)>.<base64url(Ed25519 signature)>`,
 * the signature over the ASCII bytes `GH1.<base64url(JSON body)>`.
 */
export const QR_PREFIX = 'GH1';
export interface QrBody {
  /** Visitor QR record id (counts opens per id). */
  id: number;
  /**
   * Serial number of the one door unit that accepts it at any time. Absent in a code given
   * access groups only (an older unit then refuses it as a code for another unit).
   */
  d?: string;
  /** Access groups whose units accept it, within the group's schedule (`group.table`); absent: none. */
  g?: number[];
  /** Number of opens allowed. */
  n: number;
  /** Valid from / to, Unix seconds. */
  f: number;
  t: number;
}

/** What a door unit is and supports, as the address and device-pool lists show it. */
export interface HardwareFlags {
  isVilla: number;
  hardware: number;
  faceSupported: number;
  qrcodeSupported: number;
  cardSupported: number;
  pwdSupported: number;
}

/** Per-device sync state shown on the device list and the door-unit list. */
export interface SyncState {
  online: boolean;
  lastSeen: string | null;
  pending: number;
  failed: number;
}
