import fs from 'node:fs';
import { IMPORT_LIMITS, type ImportReport, type MenuKey, msg } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/types.ts';
import type { AuthCtx } from '../http/context.ts';
import { Answer, AppError, badRequest } from '../http/errors.ts';
import { t } from '../http/i18n.ts';
import { writeOpLog } from '../http/oplog.ts';
import { keepFile, type UploadedFile } from '../http/uploads.ts';
import { ImportProblems } from './import-report.ts';
import { type ProgressWriter, progressWriter } from './import-progress.ts';
import { readSheet } from './read.ts';
import { sendWorkbook, workbookBuffer } from './write.ts';

export interface ImportColumn {
  /** Field name of the row schema. */
  key: string;
  /** Catalogue key of the header text (the template shows it in the session language). */
  header: string;
}

/** Still re-exported for modules/card/import.ts and modules/rules/holidays.ts; other importers take it from contracts. */

export interface ImportSpec<S extends z.ZodType> {
  file: UploadedFile | undefined;
  columns: ImportColumn[];
  rowSchema: S;
  /** Import-history message type: 0 account, 1 address, 2 meter table (001 §4); devices use 3. */
  messageType: number;
  communityId: number | null;
  menu: MenuKey;
  /** Catalogue key of the import-history title. */
  title: string;
  /** Extra checks needing the database (duplicates, references); answer errors per row index. */
  check?: (rows: z.output<S>[], trx: Transaction<DB>) => Promise<{ index: number; column?: string; message: string }[]>;
  /** The id the browser gave this import, to read its progress (`getImportProgress`). */
  progressId?: string;
  /**
   * Slow work on the valid rows before the transaction (password hashes), run only
   * when every row passed the schema; reports `progress(done, total)` as it goes.
   */
  prepare?: (rows: z.output<S>[], progress: (done: number, total: number) => void) => Promise<void>;
  /**
   * Columns holding secrets (a terminal's password): the source file kept with the import-history
   * message has their cells blanked, so the secret is kept only where `apply` seals it.
   */
  secretColumns?: readonly string[];
  /** Writes the valid rows (all or nothing: called only when every row passed). */
  apply: (rows: z.output<S>[], trx: Transaction<DB>) => Promise<void>;
}

/**
 * The xlsx import of every area: streams the first sheet (xlsx/read.ts, within
 * IMPORT_LIMITS), maps headers to fields (by the template's header text in any
 * language, or by position), validates each row as it is read with the same schema as
 * the dialog, and either imports every row (one transaction, an import-history message
 * with the source file kept, an op log row) or nothing, reporting each rejected row
 * with its row number, column and message. With a `progressId` it stores how far it is
 * (rows checked, passwords hashed, rows being written, finished) for the import dialog.
 */
export async function runImport<S extends z.ZodType>(ctx: AuthCtx, spec: ImportSpec<S>): Promise<ImportReport> {
  const file = spec.file;
  if (!file) throw badRequest(msg('v.choose', { field: '@f.file' }));
  const progress = await progressWriter(ctx.db, ctx.caller.accountId, spec.progressId);
  let report: ImportReport | null = null;
  try {
    report = await run(ctx, spec, file, progress);
    return report;
  } finally {
    await progress.finish(report?.imported ?? 0, report ? report.imported + report.rejected : null);
  }
}

async function run<S extends z.ZodType>(
  ctx: AuthCtx,
  spec: ImportSpec<S>,
  file: UploadedFile,
  progress: ProgressWriter,
): Promise<ImportReport> {
  const headerText = (key: string) => {
    const c = spec.columns.find((x) => x.key === key);
    return c ? t(ctx.lang, c.header) : '';
  };
  const positionsIn = (header: string[]) =>
    spec.columns.map((c, i) => {
      const names = (['zh-CN', 'zh-TW', 'en'] as const).map((l) => t(l, c.header));
      const at = header.findIndex((h) => names.includes(h));
      return at >= 0 ? at : i;
    });

  const errors = new ImportProblems();
  // The valid rows and, at the same index, their line in the sheet (no object a row beside each).
  const valid: z.output<S>[] = [];
  const lines: number[] = [];
  let positions: number[] | null = null;
  let dataRows = 0;
  const secretAt = () => spec.columns.flatMap((c, i) => (spec.secretColumns?.includes(c.key) ? [positions?.[i] ?? i] : []));
  let secretSeen = false;
  for await (const { number: line, cells } of readSheet(file.path)) {
    if (line === 1) {
      positions = positionsIn(cells);
      continue;
    }
    positions ??= positionsIn([]);
    if (++dataRows > IMPORT_LIMITS.rows) throw badRequest(msg('import.tooMany', { max: IMPORT_LIMITS.rows }));
    const raw = Object.fromEntries(spec.columns.map((c, i) => [c.key, cells[positions?.[i] ?? i] ?? '']));
    if (spec.secretColumns && !secretSeen) secretSeen = secretAt().some((at) => !!cells[at]);
    // Every 1000 rows: PGlite runs on this thread, so progress writes cost the import time.
    if (dataRows % 1000 === 0) progress.set('validate', dataRows, null);
    const parsed = spec.rowSchema.safeParse(raw);
    if (parsed.success) {
      valid.push(parsed.data);
      lines.push(line);
    } else
      for (const issue of parsed.error.issues) {
        errors.add({ row: line, column: headerText(String(issue.path[0] ?? '')), message: t(ctx.lang, issue.message) });
      }
  }
  if (!dataRows) throw badRequest('import.empty');
  if (spec.prepare && !errors.count) await spec.prepare(valid, (done, total) => progress.set('hash', done, total));
  if (secretSeen && !errors.count) await blankCells(file.path, secretAt());
  progress.set('write', 0, valid.length);
  // PGlite has one connection: the transaction below holds it, so no progress write may be left waiting.
  await progress.flush();

  let imported = 0;
  await ctx.db.transaction().execute(async (trx) => {
    if (spec.check && valid.length) {
      for (const e of await spec.check(valid, trx)) {
        errors.add({ row: lines[e.index] ?? 0, column: e.column ? headerText(e.column) : '', message: t(ctx.lang, e.message) });
      }
    }
    if (errors.count) return;
    await spec.apply(valid, trx);
    imported = valid.length;
    const rel = await keepFile(ctx.config, file, 'imports');
    const stored = await trx
      .insertInto('stored_file')
      .values({
        kind: 'import',
        path: rel,
        mime: file.mimetype,
        size: file.size,
        original_name: file.filename,
        community_id: spec.communityId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const content = msg('import.done', { count: imported, file: file.filename });
    await trx
      .insertInto('message')
      .values({
        title: spec.title,
        content,
        type: spec.messageType,
        community_id: spec.communityId,
        creator_id: ctx.caller.accountId,
        file_id: stored.id,
      })
      .execute();
    await writeOpLog(trx, ctx, { menu: spec.menu, content, communityId: spec.communityId, after: { file: file.filename, rows: imported } });
  });
  return errors.report(imported);
}

/** Rewrites a sheet (the header row and every data row) with the cells at `columns` blanked. */
async function blankCells(file: string, columns: number[]): Promise<void> {
  const rows: string[][] = [];
  for await (const { cells } of readSheet(file)) rows.push(cells.map((c, i) => (columns.includes(i) && rows.length ? '' : c)));
  const [header = [], ...data] = rows;
  await fs.promises.writeFile(file, await workbookBuffer('Sheet1', header, data));
}

/** Template headers in the session language. */
export const templateHeaders = (ctx: AuthCtx, columns: ImportColumn[]): string[] => columns.map((c) => t(ctx.lang, c.header));

/** Sends an import's template: the sheet (and file) named by `sheetKey` and the column headers in the session language, then `examples`. */
export async function sendTemplate(
  ctx: AuthCtx,
  reply: FastifyReply,
  sheetKey: string,
  columns: ImportColumn[],
  examples: (string | number | null)[][] = [],
): Promise<void> {
  const sheet = t(ctx.lang, sheetKey);
  await sendWorkbook(reply, `${sheet}.xlsx`, await workbookBuffer(sheet, templateHeaders(ctx, columns), examples));
}

/** The answer of an import route: 200 with the report, or 400 with it when nothing was imported. */
export function importAnswer(report: ImportReport): Answer<ImportReport> {
  if (report.errors.length) throw new AppError(400, [msg('import.rejected', { count: report.rejected })], report);
  return new Answer(200, report, ['ok.imported']);
}
