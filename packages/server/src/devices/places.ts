import type { CredentialKind, PlaceSource, ReviewCredential } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/**
 * Where a credential works on door units, as the areas declare it (their `placeSources`,
 * collected at boot like a door unit's desired sources): the access review lists these
 * places, a move-out and "expire unused" withdraw the credential from every unit they name
 * (docs/access-review.md). The card and face areas' own entries and lift control come from
 * the review area; access groups (units and lift floors reached through groups) from the
 * rules area.
 */

/** A credential as the review's credential sources find it: the review's row (contracts) with ids and a Date. */
export interface Credential
  extends Pick<ReviewCredential, 'kind' | 'id' | 'label' | 'type' | 'account' | 'userName' | 'communityName' | 'address' | 'status'> {
  communityId: number;
  addressId: number;
  createdAt: Date;
  /** Card number (cards), for the object key and last use. */
  cardNo?: string;
  /** The face's stored photo (faces). */
  photoFileId?: number;
  validto?: Date;
  /** QR codes made for their groups' units only (not the unit they were made on). */
  groupsOnly?: boolean;
}

/** The access group a place is reached through. */
export interface PlaceGroup {
  id: number;
  name: string;
  /** null: the built-in Always schedule. */
  scheduleId: number | null;
  scheduleName: string | null;
}

/**
 * One place a credential works, with the command object key its sync state is read from:
 * `card:<number>` / `face:<id>` (the unit holds the credential: a move-out sends a delete),
 * `ladder` (the unit's lift file names it: a move-out re-sends the file), '' (the unit holds
 * nothing for it, e.g. QR codes, or a group without door units: gateId 0).
 */
export interface Place {
  kind: CredentialKind;
  id: number;
  source: PlaceSource;
  gateId: number;
  gateName: string;
  validfrom: Date | null;
  validto: Date | null;
  detail: string;
  objectKey: string;
  /** The group the place is reached through (group sources). */
  group?: PlaceGroup;
}

export type PlaceSourceFn = (db: Kysely<DB>, creds: Credential[]) => Promise<Place[]>;

/** Every place of the credentials, from every source. */
export async function placesOf(sources: readonly PlaceSourceFn[], db: Kysely<DB>, creds: Credential[]): Promise<Place[]> {
  if (!creds.length) return [];
  return (await Promise.all(sources.map((s) => s(db, creds)))).flat();
}

/** The places of each credential (`kind:id` → its places), so a list of many credentials is read once. */
export function placesByCredential(places: readonly Place[]): (c: Pick<Credential, 'kind' | 'id'>) => Place[] {
  const by = new Map<string, Place[]>();
  for (const p of places) {
    const key = `${p.kind}:${p.id}`;
    const list = by.get(key);
    if (list) list.push(p);
    else by.set(key, [p]);
  }
  return (c) => by.get(`${c.kind}:${c.id}`) ?? [];
}

/** The units that hold the credential, given its places (a delete withdraws it there). */
export const holdingUnitsOf = (mine: readonly Place[]): number[] => [
  ...new Set(mine.filter((p) => p.objectKey !== '' && p.objectKey !== 'ladder' && p.gateId > 0).map((p) => p.gateId)),
];

/** The units whose lift file names one of the credentials (the file is sent again without them). */
export const liftUnits = (places: Place[]): number[] => [...new Set(places.filter((p) => p.objectKey === 'ladder').map((p) => p.gateId))];
