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
