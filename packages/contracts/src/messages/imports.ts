import { defineMessages } from './define.ts';
import catalogue from './imports.json' with { type: 'json' };

/** Spreadsheet import and export (shared by every area). */
export const importMessages = defineMessages(catalogue);
