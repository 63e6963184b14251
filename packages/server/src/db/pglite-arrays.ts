import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery } from 'kysely';

/**
 * A read's rows as arrays on PGlite, as a few JSON texts: the statement runs as a subquery
 * whose rows `json_agg` gathers, CHUNK_ROWS at a time, into arrays of arrays, each read back
 * with one `JSON.parse` when its rows are wanted. PGlite hands every field of every row to JavaScript as its own message
 * piece (a copied buffer and a decoded string per field), which cost more than the query
 * itself: a 12-column export batch read 3 times as fast this way (docs/performance.md,
 * Exports). The values are the ones PGlite's own parsers give for the field's text:
 * text-like, int2/int4, bool and json(b) values read back the same through JSON; an int8
 * comes as a JSON number while it is exact, else as its text; every other type comes as
 * its output text (`format('%s')`, the text the protocol would carry) and goes through
 * the parser of its type (`parsers`, then PGlite's). Statements that are not a plain read
 * (`select` / `with`), that answer no columns or more than `json_build_array` takes, run
 * as they are (one parsed field at a time). The rows are numbered in the order the statement
 * answers them (`row_number() over ()` right above it) and gathered in that order, so an
 * ordered statement stays ordered.
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
/**
 * Rows per JSON text: a text stays under V8's large-object size (128 kB; 100 rows of an export
 * batch are ~40 kB even as two-byte text), so it dies young instead of landing in the old
 * generation's large-object space as a whole batch's text did (+100 MB RSS in some 1M-row exports).
 */
const CHUNK_ROWS = 100;
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

  /** The statement's rows in chunks, each parsed only when called. */
  return async function chunks(q: CompiledQuery): Promise<(() => unknown[][])[]> {
    const params = [...q.parameters];
    const types = await shapeOf(q.sql);
    if (!types) {
      const rows = (await pglite.query<unknown[]>(q.sql, params, { rowMode: 'array', parsers: own })).rows;
      return [() => rows];
    }
    const names = types.map((_, i) => `c${i}`).join(', ');
    const cols = types.map((type, i) => column(i, type)).join(', ');
    // Numbered in the order the statement answers (row_number over its rows as they come), then
    // gathered CHUNK_ROWS at a time in that order.
    const wrapped = `select json_agg(json_build_array(${cols}) order by t.n)::text
      from (select s.*, row_number() over () as n from (${q.sql}) as s(${names})) as t
      group by (t.n - 1) / ${CHUNK_ROWS} order by (t.n - 1) / ${CHUNK_ROWS}`;
    const texts: (string | undefined)[] = (await pglite.query<[string]>(wrapped, params, { rowMode: 'array' })).rows.map((r) => r[0]);
    // The columns that came as text are parsed as PGlite parses them (`own` first).
    const parse: [number, number, Parser | undefined][] = [];
    types.forEach((type, i) => {
      if (!asJson(type)) parse.push([i, type, own[type] ?? (pglite.parsers[type] as Parser | undefined)]);
    });
    return texts.map((_, k) => () => {
      const rows = JSON.parse(texts[k] as string) as unknown[][];
      texts[k] = undefined;
      if (parse.length)
        for (const row of rows)
          for (const [i, type, parser] of parse) {
            const v = row[i];
            if (typeof v === 'string' && parser) row[i] = parser(v, type);
          }
      return rows;
    });
  };
}
