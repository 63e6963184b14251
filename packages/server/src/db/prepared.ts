import type pg from 'pg';

/** SQL text → the name PostgreSQL keeps it prepared under, on each connection that ran it. */
const NAMES = new Map<string, string>();

/**
 * Keeps a statement prepared on PostgreSQL: each pooled connection parses and plans it once, then
 * runs it by name. For a statement every request runs whose plan does not depend on its values (the
 * caller's session read, by a unique token hash): planning it anew cost more than running it. Not for
 * lists, whose best plan depends on the filter's values (PostgreSQL may settle on a generic plan).
 * PGlite ignores it.
 */
export function keepPrepared(sqlText: string, name: string): void {
  const known = NAMES.get(sqlText);
  if (known && known !== name) throw new Error(`one statement under two names: ${known}, ${name}`);
  NAMES.set(sqlText, name);
}

/** Makes a pooled connection run the kept statements by name (pg's named statements). */
export function runPreparedOn(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' ? NAMES.get(text) : undefined;
    if (!name || typeof values === 'function') return query(text, values, callback);
    return query({ name, text, values }, callback);
  }) as typeof client.query;
}
