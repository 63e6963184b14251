import type { UnitKind } from '@gatehouse/contracts';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object | null> = JSONColumnType<T, string, string>;

/**
 * A physical door unit, known by its serial number. Every device is in the pool
 * (inventory); a bound device also has a door-unit address (address type 0) and the
 * community of that address. Only the hash of its MQTT secret is stored.
 */
export interface DeviceTable {
  id: Generated<number>;
  serial: string;
  name: string;
  is_villa: number;
  hardware: number;
  note: string;
  address_id: number | null;
  community_id: number | null;
  /** The account (phone) the device belongs to on the device list (userPhone). */
  phone: string | null;
  /** The device list created its door-unit address (deleting the device removes it too). */
  own_address: Generated<boolean>;
  secret_hash: string | null;
  /** The secret sealed with MQTT_SECRET_KEY (Mosquitto provisioning only; devices/provision/sealed-secrets.ts). */
  secret_box: string | null;
  secret_at: Timestamp | null;
  online: Generated<boolean>;
  last_seen_at: Timestamp | null;
  firmware: string | null;
  /** The last heartbeat (migration 0321_device_health). */
  uptime_s: number | null;
  free_storage: number | null;
  heartbeat_at: Timestamp | null;
  bound_at: Timestamp | null;
  /** gatehouse-mqtt, hik-isapi or zk-push (UNIT_KINDS; migration 0306_unit_kinds). */
  unit_kind: Generated<UnitKind>;
  /** hik-isapi: the terminal's address, HTTP port, user and password sealed with the server's secret box. */
  vendor_host: string | null;
  vendor_port: number | null;
  vendor_user: string | null;
  vendor_secret_box: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CommandAnswer {
  at: string;
  ok: boolean;
  info: string;
}

/** The command queue to devices (001 §3 "Command", §4 status and type). */
export interface CommandTable {
  id: Generated<number>;
  device_id: number;
  /** The door unit (address type 0) the command is for ("gate"). */
  address_id: number | null;
  community_id: number | null;
  /** Address text the command is about (a household for cards and faces, else the door unit). */
  subject: string;
  account: string;
  type: number;
  kind: string;
  /** Commands with the same device and object key supersede each other (status 4). */
  object_key: string;
  payload: Json<object | null>;
  /** Higher leaves first (emergency modes, remote open); 0 for everything else. */
  priority: Generated<number>;
  status: Generated<number>;
  attempts: Generated<number>;
  info: Generated<string>;
  answers: Generated<Json<CommandAnswer[]>>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  sent_at: Timestamp | null;
  acked_at: Timestamp | null;
  /** The server instance that last claimed it for publishing (INSTANCE_ID). */
  claimed_by: Generated<string>;
  /** A sent command not acknowledged by then is due again, for any instance. */
  lease_until: Timestamp | null;
}

/** Each created visitor QR code (001 §3 "Visitor QR record"). */
export interface VisitorQrcodeTable {
  id: Generated<number>;
  device_id: number;
  address_id: number;
  community_id: number;
  user_regno: string;
  account_id: number | null;
  device_name: string;
  num_open: number;
  validfrom: Timestamp;
  validto: Timestamp;
  payload: string;
  created_at: Generated<Date>;
  /** 1: the code opens on its groups' units only, not on this unit (0803). */
  groups_only: Generated<number>;
  /** The signed expiry of a code withdrawn early (`qr.revoke`), null otherwise (0812). */
  revoked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Server key pairs (the Ed25519 key that signs QR codes), generated once. */
export interface ServerKeyTable {
  name: string;
  private_pem: string;
  public_pem: string;
  created_at: Generated<Date>;
}

/**
 * Events of door units: the access event log, the entrance report and punch records
 * (001 §3) are one table (DESIGN §4). `is_work` marks punches.
 */
export interface AccessEventTable {
  id: Generated<number>;
  device_id: number | null;
  eid: string;
  address_id: number | null;
  community_id: number | null;
  device_name: string;
  time: Timestamp;
  type: number;
  result: number;
  account: string;
  unlock_user_name: string;
  card_num: string;
  card_mode: number;
  qr_id: number | null;
  is_work: boolean;
  received_at: Generated<Date>;
  /** Why the access rules refused the open ('schedule', 'holiday'; empty otherwise; 0801). */
  refusal: Generated<string>;
}

/** Calls and monitor sessions of door units (statistics). */
export interface UsageEventTable {
  id: Generated<number>;
  device_id: number | null;
  eid: string;
  address_id: number | null;
  community_id: number | null;
  kind: number;
  account: string;
  call_code: string;
  answered: boolean;
  duration_sec: number;
  time: Timestamp;
  received_at: Generated<Date>;
}

export interface DeviceTables {
  device: DeviceTable;
  command: CommandTable;
  visitor_qrcode: VisitorQrcodeTable;
  server_key: ServerKeyTable;
  access_event: AccessEventTable;
  usage_event: UsageEventTable;
  zk_terminal: ZkTerminalTable;
  zk_pin: ZkPinTable;
}

/** A `zk-push` unit's binding to the ZKTeco terminal that first spoke with its serial (migration 0332_zk_push). */
export interface ZkTerminalTable {
  device_id: number;
  first_seen_at: Generated<Date>;
  first_ip: string;
  last_ip: string;
  last_poll_at: Timestamp | null;
  push_version: Generated<string>;
  device_type: Generated<string>;
}

/** The user number (PIN) of one credential (`card:<number>`, `face:<id>`) on a ZKTeco terminal. */
export interface ZkPinTable {
  pin: Generated<number>;
  device_id: number;
  cred: string;
  account: Generated<string>;
  user_name: Generated<string>;
}
