import type { Compilable, SelectQueryBuilder } from 'kysely';
import { type Cursor, keysetRows, type StreamedRow } from '../db/keyset.ts';
import { assertExportable } from '../xlsx/export-limit.ts';
import { streamWorkbook } from '../xlsx/write.ts';
import type { AuthCtx } from './context.ts';
import { isDesc } from './list-screen.ts';
import type { HandlerExtras } from './route.ts';

/** An export's sheet name and header row, in the caller's language; the file is `<name>.xlsx` unless named. */
export interface ExportSheet {
  name: string;
  headers: string[];
  file?: string;
}

/**
 * The handler of a long list's export, as `listScreen` is of its screen: the list's filtered query
 * (`query`) counted first (`assertExportable`: more than EXPORT_MAX_ROWS is refused before anything
 * is sent), then every row of the list's keyset select (`select`, the one its screen pages with)
 * streamed into a one-sheet .xlsx (`keysetRows`, `streamWorkbook`), `cells` giving a row's cells.
 * `key` names the select's sort and id columns.
 */
export function listExport<I extends { order?: 'asc' | 'desc' }, DB, TB extends keyof DB, O, R>(
  query: (ctx: AuthCtx, input: I) => Promise<SelectQueryBuilder<DB, TB, O>>,
  select: (q: SelectQueryBuilder<DB, TB, O>, desc: boolean, at: Cursor | null, limit: number) => Compilable<R>,
  key: { sort: keyof R & string; id: keyof R & string },
  sheet: (ctx: AuthCtx) => ExportSheet,
  cells: (ctx: AuthCtx, r: StreamedRow<R>) => (string | number | null)[],
  opts: { desc?: (order: 'asc' | 'desc' | undefined) => boolean } = {},
) {
  const desc = opts.desc ?? isDesc;
  return async (input: I, ctx: AuthCtx, { reply }: HandlerExtras): Promise<undefined> => {
    const q = await query(ctx, input);
    const total = await assertExportable(ctx, q);
    const d = desc(input.order);
    const rows = keysetRows(ctx.db, (at, limit) => select(q, d, at, limit), key);
    const s = sheet(ctx);
    await streamWorkbook(reply, s.file ?? `${s.name}.xlsx`, s.name, s.headers, rows, total, (r) => cells(ctx, r));
    return undefined;
  };
}
