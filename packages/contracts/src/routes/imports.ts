/** One rejected cell or row of a spreadsheet import. */
export interface ImportRowError {
  /** Spreadsheet row number (1 = header row). */
  row: number;
  /** Header text of the column, in the session language ('' when the row as a whole is wrong). */
  column: string;
  message: string;
}

/** The report of every spreadsheet import (the server's import runner, the web's import dialog). */
export interface ImportReport {
  imported: number;
  /** Rows with at least one problem. */
  rejected: number;
  /** The first IMPORT_LIMITS.reportedErrors problems, by row. */
  errors: ImportRowError[];
  /** Problems found beyond those listed in `errors` (0 when every one is listed). */
  omitted: number;
  /** Every problem counted by column and message, most frequent first (the whole file, listed or not). */
  kinds: { column: string; message: string; count: number }[];
}

/** What the server has done of one import so far (`GET /api/account/getImportProgress`). */
export interface ImportProgress {
  /** validate: rows read and checked; hash: distinct passwords hashed; write: rows being written; done: finished. */
  stage: 'validate' | 'hash' | 'write' | 'done';
  done: number;
  /** null while the total is not known yet (validate). */
  total: number | null;
  finished: boolean;
}
