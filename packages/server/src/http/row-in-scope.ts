import type { AuthCtx } from './context.ts';
import { notFound } from './errors.ts';
import { assertCommunity } from './scope.ts';

/**
 * One row of a list as the list presents it: 404 when there is none, 403 when its community is
 * outside the caller's scope.
 */
export async function presentedInScope<Row, Out>(
  ctx: AuthCtx,
  row: Row | undefined,
  communityOf: (row: Row) => number,
  present: (ctx: AuthCtx, rows: Row[]) => Promise<Out[]>,
): Promise<Out> {
  if (!row) throw notFound();
  await assertCommunity(ctx.db, ctx.caller, communityOf(row));
  const [out] = await present(ctx, [row]);
  if (!out) throw notFound();
  return out;
}
