import { type SelectQueryBuilder, type StringReference, sql } from 'kysely';
import type { DB as Tables } from './types.ts';

/**
 * The names a list row shows for the places it points at, each joined by id under a fixed
 * alias and selected under a fixed name: the community's name, an address's text, a door
 * unit's name (an address's `name`).
 */
const PLACES = {
  community: { join: 'community as c', id: 'c.id', name: 'c.name as community_name' },
  address: { join: 'address as a', id: 'a.id', name: 'a.address as address_text' },
  gate: { join: 'address as g', id: 'g.id', name: 'g.name as gate_name' },
} as const;

type Place = keyof typeof PLACES;
type Column<P extends Place> = (typeof PLACES)[P]['name'] extends `${string} as ${infer N}` ? N : never;

/** The names `withPlaceNames` adds to a row: null where the row points at no place (or at one that is gone), unless required. */
export type PlaceNames<P extends Place, R extends P = never> = { [K in P as Column<K>]: K extends R ? string : string | null };

/** The builder the joins are written on: the app's tables (the caller's own aliases are only in `refs`)… */
type Joinable = SelectQueryBuilder<Tables, keyof Tables, object>;
/** …and the one a name is selected from, once joined. */
type Joined = SelectQueryBuilder<Tables & { c: Tables['community']; a: Tables['address']; g: Tables['address'] }, 'c' | 'a' | 'g', object>;

/**
 * `q` with the names of the places `refs` point at (a column of `q`'s rows holding the place's
 * id), in the order given: `community` → `community_name`, `address` → `address_text`,
 * `gate` → `gate_name`, joined as `c`, `a` and `g` (the caller's own aliases must differ).
 * Left joins: a row without the place has a null name, unless the place is `required`
 * (an inner join: rows without it are left out).
 */
export function withPlaceNames<DB, TB extends keyof DB, O, P extends Place, R extends P = never>(
  q: SelectQueryBuilder<DB, TB, O>,
  refs: { [K in P]: StringReference<DB, TB> },
  required: readonly R[] = [],
): SelectQueryBuilder<DB, TB, O & PlaceNames<P, R>> {
  let r = q as unknown as Joinable;
  for (const place of Object.keys(refs) as P[]) {
    const p = PLACES[place];
    const ref = sql.ref<number>(refs[place] as string);
    const joined = (required as readonly Place[]).includes(place)
      ? r.innerJoin(p.join, (j) => j.on(p.id, '=', ref))
      : r.leftJoin(p.join, (j) => j.on(p.id, '=', ref));
    r = (joined as unknown as Joined).select(p.name) as unknown as Joinable;
  }
  return r as unknown as SelectQueryBuilder<DB, TB, O & PlaceNames<P, R>>;
}
