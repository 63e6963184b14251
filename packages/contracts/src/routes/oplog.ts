import type { Page } from '../envelope.ts';
import { menusByPidInput, opLogExportInput, opLogPageInput } from '../schemas/oplog.ts';
import { defineRoutes, r } from './define.ts';
import type { Option } from './session.ts';

export interface OpLogRow {
  id: number;
  name1: string;
  name2: string;
  name: string;
  regno: string;
  addtime: string;
  /** What changed: fields before and after (secrets never recorded). */
  changes: { field: string; before: string; after: string }[];
}

const access = { menus: ['operationlog'] } as const;

/** Operation log (001 §2 "Operation log", §7). */
export const oplogRoutes = defineRoutes('oplog', {
  getOpLogPage: r<Page<OpLogRow>>()({ method: 'GET', input: opLogPageInput, access }),
  getMenusByPid: r<Option[]>()({ method: 'GET', input: menusByPidInput, access }),
  exportOpLog: r<never>()({ method: 'GET', input: opLogExportInput, access, kind: 'raw' }),
});
