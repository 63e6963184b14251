import { sql } from 'kysely';
import { ourTables } from '../cli/copy-tables.ts';
import type { Db } from '../db/index.ts';

/**
 * What two sites must hold alike (backup → restore, embedded → PostgreSQL): every table's rows as
 * JSON texts, sorted, and under '(indexes)' every index of those tables with its definition.
 */
export async function siteRows(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const tables = await ourTables(db);
  for (const t of tables) {
    const cols = sql.join(t.columns.map((c) => sql.ref(c)));
    const { rows } = await sql<{ j: string }>`select to_json(r)::text as j from (select ${cols} from ${sql.table(t.name)}) r`.execute(db);
    out[t.name] = rows.map((r) => r.j).sort();
  }
  const { rows } = await sql<{ d: string }>`
    select x.relname || ': ' || pg_get_indexdef(i.indexrelid) as d
    from pg_index i join pg_class x on x.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    where t.relnamespace = to_regnamespace(current_schema())::oid
      and t.relname in (${sql.join(tables.map((t) => t.name))})`.execute(db);
  out['(indexes)'] = rows.map((r) => r.d).sort();
  return out;
}
