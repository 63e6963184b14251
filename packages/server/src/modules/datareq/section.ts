import type { Lang } from '@gatehouse/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { countRows } from '../../db/sql.ts';
import { formatDateTime } from '../../http/dates.ts';
import type { Person } from './person.ts';

/** What a section reads with: the database, the person, and how to write dates and texts. */
export interface SectionCtx {
  db: Db;
  config: Config;
  lang: Lang;
  tz: string;
  person: Person;
}

export type Cell = string | number | null;

/** A file the zip carries beside the sheets (a face photo, a QR code image). */
export interface Attachment {
  /** Its path in the zip (`photos/face-12.jpg`). */
  name: string;
  read(): Promise<Buffer | null>;
}

/**
 * One part of a person's export: a CSV file in the zip (`<name>.csv`, headers in the caller's
 * language) and the files it names. A new kind of personal data (the consent records) is one
 * more entry of EXPORT_SECTIONS. `rows` streams (a person with a million events keeps only the
 * batch being written); `count` gives the summary and the download's progress.
 */
export interface ExportSection {
  name: string;
  /** Catalogue key of its title. */
  title: string;
  /** Catalogue keys of its column headers. */
  columns: readonly string[];
  count(c: SectionCtx): Promise<number>;
  rows(c: SectionCtx): AsyncIterable<Cell[]>;
  attachments?(c: SectionCtx): Promise<Attachment[]>;
}

export const date = (c: SectionCtx, d: Date | string | number | null) => formatDateTime(d, c.tz);

/** Catalogue keys of a section's column headers, by their names under `datareq.col.`. */
export const cols = (...names: string[]): string[] => names.map((n) => `datareq.col.${n}`);

/**
 * A section read at once (a person has few of these rows): `count` counts the rows of `base`,
 * `rows` reads them with `read` and makes each into its cells.
 */
export const readAll = <DB, TB extends keyof DB, O, R>(
  base: (c: SectionCtx) => SelectQueryBuilder<DB, TB, O> | Promise<SelectQueryBuilder<DB, TB, O>>,
  read: (q: SelectQueryBuilder<DB, TB, O>) => Promise<R[]>,
  cells: (r: R, c: SectionCtx) => Cell[],
): Pick<ExportSection, 'count' | 'rows'> => ({
  count: async (c) => countRows(await base(c)),
  async *rows(c) {
    for (const r of await read(await base(c))) yield cells(r, c);
  },
});
