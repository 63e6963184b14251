import type { ColumnType, Generated } from 'kysely';

/** The server's progress of one spreadsheet import (xlsx/import-progress.ts). */
export interface ImportProgressTable {
  id: string;
  account_id: number;
  stage: 'validate' | 'hash' | 'write' | 'done';
  done: Generated<number>;
  total: number | null;
  finished: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ImportTables {
  import_progress: ImportProgressTable;
}
