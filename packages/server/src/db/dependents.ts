import { type Kysely, sql } from 'kysely';
import type { DB } from './types.ts';

/** What a deletion is about: whole communities, or single addresses. */
export type Target = { communityId: number } | { addressId: number };

/**
 * Something that must be gone before a community or an address may be deleted, counted
 * for one target. Each area whose rows hang on communities or addresses declares its
 * dependents in its module index (modules/<area>/index.ts), so nothing is silently orphaned.
 */
export interface Dependent {
  /** Catalogue key taking {{count}}, e.g. 'dep.accounts'. */
  key: string;
  /** The tables it counts (the layer test checks every restricting reference is covered). */
  tables: readonly string[];
  count: (db: Kysely<DB>, target: Target) => Promise<number>;
}

/**
 * Credentials (cards, faces) hang on a community, on a household (their holder's
 * address) and on door units (their entries): a community or address that still has
 * some, as household or as configured door unit, is not deleted silently.
 */
export function credentialDependent(
  key: string,
  table: 'card' | 'face',
  entries: { table: 'card_gate'; holder: 'card_id' } | { table: 'face_gate'; holder: 'face_id' },
): Dependent {
  return {
    key,
    tables: [table, entries.table],
    count: async (db, target) => {
      const q = db.selectFrom(table).select(sql<number>`count(*)::int`.as('n'));
      const onGate = (gateId: number) =>
        db.selectFrom(entries.table).select(sql.ref<number>(entries.holder).as('holder')).where('gate_id', '=', gateId);
      const row = await ('communityId' in target
        ? q.where('community_id', '=', target.communityId)
        : q.where((eb) => eb.or([eb('address_id', '=', target.addressId), eb('id', 'in', onGate(target.addressId))]))
      ).executeTakeFirst();
      return row?.n ?? 0;
    },
  };
}
