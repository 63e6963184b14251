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
  rejected: number;
  errors: ImportRowError[];
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
