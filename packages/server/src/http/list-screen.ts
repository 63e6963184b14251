import type { SelectQueryBuilder } from 'kysely';
import { cheapPage, type FewFirst } from '../db/paging.ts';
import type { AuthCtx } from './context.ts';

/** A long list's order: newest first unless `asc` is asked for. */
export const isDesc = (order: 'asc' | 'desc' | undefined): boolean => (order ?? 'desc') === 'desc';

/**
 * The handler of a long list's screen: the list's filtered query (`query`), then `cheapPage` over
 * it in the asked order (`desc`: newest first unless asked otherwise), the page read by the list's
 * keyset select (`select`, the one its export streams) and each row presented. `few` names, for a
 * list on a big table, how a narrowed input reads its few matches (`FewFirst`).
 */
export function listScreen<I extends { order?: 'asc' | 'desc' }, DB, TB extends keyof DB, O, R, P>(
  query: (ctx: AuthCtx, input: I) => Promise<SelectQueryBuilder<DB, TB, O>>,
  select: (q: SelectQueryBuilder<DB, TB, O>, desc: boolean, at: null, limit: number, offset: number) => { execute(): Promise<R[]> },
  present: (ctx: AuthCtx, r: R) => P,
  opts: {
    desc?: (order: 'asc' | 'desc' | undefined) => boolean;
    few?: (ctx: AuthCtx, input: I) => FewFirst<SelectQueryBuilder<DB, TB, O>> | undefined;
  } = {},
) {
  const desc = opts.desc ?? isDesc;
  return async (input: I & { page: number; rows: number }, ctx: AuthCtx) =>
    cheapPage(
      ctx.db,
      await query(ctx, input),
      { ...input, few: opts.few?.(ctx, input) },
      desc(input.order),
      (q, d, at, limit, offset) => select(q, d, at, limit, offset).execute(),
      (r) => present(ctx, r),
    );
}
