import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { paging } from './common.ts';

/** An export's order: the list's sort field and direction, without paging. */
export const exportOrder = { sort: z.string().optional(), order: z.enum(['asc', 'desc']).optional() };

/**
 * The two inputs of a list that also exports: over the same filters, the page (paged, sortable
 * by `sortable`) and the spreadsheet (the same order, every row).
 */
export function pageAndExport<F extends z.ZodRawShape, const S extends string>(
  filters: F,
  sortable: readonly [S, ...S[]],
  defaultRows: number = LIMITS.defaultPageSize,
) {
  return {
    page: z.object({ ...filters, ...paging(sortable, defaultRows) }),
    export: z.object({ ...filters, ...exportOrder }),
  };
}
