import type { PhotoKeySettings } from '../faces/sealed-files.ts';
import { CMD_KIND, CMD_TYPE, HARDWARE, type LadderFileEntry } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import type { NewCommand } from './new-command.ts';
import { qrKey } from './qr-key.ts';

/** A door unit as the desired-configuration sources see it. */
export interface DoorUnit {
  addressId: number;
  communityId: number;
  communityName: string;
  address: string;
  name: string;
  isVilla: number;
  hardware: number;
  serial: string;
}

/** One part of a door unit's configuration, as commands (each with an object key). */
export type DesiredSource = (db: Kysely<DB>, door: DoorUnit, config: DoorConfig) => Promise<NewCommand[]>;

/** Where a door unit's lift entries come from (cards, faces). */
export type LadderSource = (db: Kysely<DB>, door: DoorUnit) => Promise<LadderFileEntry[]>;

/**
 * What the areas contribute to a door unit's configuration, collected at boot from the
 * area descriptors (modules/index.ts), and the settings payloads are built with.
 */
export interface DoorConfig {
  /** Parts of the full configuration after profile, QR key and lift file, in order. */
  sources: readonly DesiredSource[];
  ladder: readonly LadderSource[];
  /** The data directory stored files (face photos) are read from. */
  dataDir: string;
  /** The data directory and the photo keys face photos are opened with (faces/sealed-files.ts); unset: the data directory's key file. */
  photoKeys?: PhotoKeySettings;
  /** The time zone of payload dates. */
  tz: string;
}

/** The lift file of a door unit, from every ladder source (none: an empty file). */
export async function ladderFileCommand(db: Kysely<DB>, config: DoorConfig, door: DoorUnit): Promise<NewCommand> {
  const entries = (await Promise.all(config.ladder.map((s) => s(db, door)))).flat();
  return {
    type: CMD_TYPE.ladder,
    kind: CMD_KIND.ladderFile,
    objectKey: 'ladder',
    payload: { addressId: door.addressId, isVilla: door.isVilla, entries },
  };
}

const profile = async (_db: Kysely<DB>, d: DoorUnit): Promise<NewCommand[]> => [
  {
    type: CMD_TYPE.other,
    kind: CMD_KIND.profile,
    objectKey: 'profile',
    payload: {
      serial: d.serial,
      addressId: d.addressId,
      name: d.name,
      address: d.address,
      communityId: d.communityId,
      communityName: d.communityName,
      isVilla: d.isVilla,
      hardware: d.hardware,
    },
  },
];

const qr = async (db: Kysely<DB>, d: DoorUnit): Promise<NewCommand[]> => {
  if (!(d.hardware & HARDWARE.qrcode)) return [];
  const key = await qrKey(db);
  return [
    {
      type: CMD_TYPE.other,
      kind: CMD_KIND.qrKey,
      objectKey: 'qr.key',
      payload: { alg: 'Ed25519', publicKey: key.publicRaw, publicKeyPem: key.publicPem },
    },
  ];
};

const ladder: DesiredSource = async (db, d, config) => [await ladderFileCommand(db, config, d)];

/** The unit's own parts, before what the areas contribute (call codes, cards, faces). */
const OWN_SOURCES: DesiredSource[] = [profile, qr, ladder];

export async function doorUnit(db: Kysely<DB>, addressId: number): Promise<DoorUnit | undefined> {
  const row = await db
    .selectFrom('address as a')
    .innerJoin('community as c', 'c.id', 'a.community_id')
    .innerJoin('device as d', 'd.address_id', 'a.id')
    .select(['a.id', 'a.community_id', 'c.name as communityName', 'a.address', 'a.name', 'a.is_villa', 'd.hardware', 'd.serial'])
    .where('a.id', '=', addressId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    addressId: row.id,
    communityId: row.community_id,
    communityName: row.communityName,
    address: row.address,
    name: row.name,
    isVilla: row.is_villa,
    hardware: row.hardware,
    serial: row.serial,
  };
}

/** A reset, then every part of the configuration, in the order a device applies it. */
export async function desiredCommands(db: Kysely<DB>, config: DoorConfig, door: DoorUnit): Promise<NewCommand[]> {
  const parts = await Promise.all([...OWN_SOURCES, ...config.sources].map((s) => s(db, door, config)));
  return [{ type: CMD_TYPE.other, kind: CMD_KIND.reset, objectKey: '', payload: {} }, ...parts.flat()];
}

/** The unit's own settings (profile, QR key): sent again when the pool entry or the address changes. */
export async function profileCommands(db: Kysely<DB>, door: DoorUnit): Promise<NewCommand[]> {
  return [...(await profile(db, door)), ...(await qr(db, door))];
}
