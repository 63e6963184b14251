import type { Kysely } from 'kysely';
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
