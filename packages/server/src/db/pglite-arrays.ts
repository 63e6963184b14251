import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery } from 'kysely';

/**
 * A read's rows as arrays on PGlite, the whole answer as one JSON text: the statement runs
 * as a subquery whose rows `json_agg` gathers into one array of arrays, read back with one
 * `JSON.parse`. PGlite hands every field of every row to JavaScript as its own message
 * piece (a copied buffer and a decoded string per field), which cost more than the query
 * itself: a 12-column export batch read 3 times as fast this way (docs/performance.md,
 * Exports). The values are the ones PGlite's own parsers give for the field's text:
 * text-like, int2/int4, bool and json(b) values read back the same through JSON; an int8
 * comes as a JSON number while it is exact, else as its text; every other type comes as
 * its output text (`format('%s')`, the text the protocol would carry) and goes through
 * the parser of its type (`parsers`, then PGlite's). Statements that are not a plain read
 * (`select` / `with`), that answer no columns or more than `json_build_array` takes, run
 * as they are (one parsed field at a time). `json_agg` takes the rows in the order the
 * subquery answers them (one plain aggregate over one subquery: nothing between them
 * reorders), so an ordered statement stays ordered.
 */

/** Types whose JSON value is what PGlite's parser makes of their text. */
const AS_JSON = new Set([
  16, // bool
  18, // char
  19, // name
  21, // int2
  23, // int4
  25, // text
  114, // json
  1042, // bpchar (padded in JSON as in its text)
  1043, // varchar
  3802, // jsonb
]);
const INT8 = 20;
/** json_build_array takes at most 100 arguments (FUNC_MAX_ARGS). */
const MAX_COLUMNS = 100;
/** Result columns of a statement by its text (the keyset batches of one export share one text). */
const SHAPES_KEPT = 200;

type Parser = (text: string, typeId?: number) => unknown;

export function pgliteArrays(pglite: PGlite, own: Record<number, Parser>) {
  const shapes = new Map<string, number[] | null>();

  /** The type of each result column, or null when the statement is not read as JSON. */
  async function shapeOf(text: string): Promise<number[] | null> {
    let shape = shapes.get(text);
    if (shape !== undefined) return shape;
    shape = null;
    if (/^\s*(select|with)\b/i.test(text)) {
      const d = await pglite.describeQuery(text);
      const types = d.resultFields.map((f) => f.dataTypeID);
      if (types.length > 0 && types.length <= MAX_COLUMNS) shape = types;
    }
    if (shapes.size >= SHAPES_KEPT) shapes.clear();
    shapes.set(text, shape);
    return shape;
  }

  const asJson = (type: number) => AS_JSON.has(type) && !own[type];
  const column = (i: number, type: number) => {
    const c = `t.c${i}`;
    if (asJson(type)) return c;
    if (type === INT8)
      return `case when ${c} between -9007199254740991 and 9007199254740991 then to_json(${c}) else to_json(${c}::text) end`;
    return `case when ${c} is null then null else format('%s', ${c}) end`;
  };

  return async function arrays(q: CompiledQuery): Promise<unknown[][]> {
    const params = [...q.parameters];
    const types = await shapeOf(q.sql);
    if (!types) return (await pglite.query<unknown[]>(q.sql, params, { rowMode: 'array', parsers: own })).rows;
    const names = types.map((_, i) => `c${i}`).join(', ');
    const wrapped = `select coalesce(json_agg(json_build_array(${types.map((type, i) => column(i, type)).join(', ')})), '[]')::text
      from (${q.sql}) as t(${names})`;
    const r = await pglite.query<[string]>(wrapped, params, { rowMode: 'array' });
    const rows = JSON.parse(r.rows[0]?.[0] ?? '[]') as unknown[][];
    // The columns that came as text are parsed as PGlite parses them (`own` first).
    const parse: [number, number, Parser | undefined][] = [];
    types.forEach((type, i) => {
      if (!asJson(type)) parse.push([i, type, own[type] ?? (pglite.parsers[type] as Parser | undefined)]);
    });
    if (parse.length)
      for (const row of rows)
        for (const [i, type, parser] of parse) {
          const v = row[i];
          if (typeof v === 'string' && parser) row[i] = parser(v, type);
        }
    return rows;
  };
}
