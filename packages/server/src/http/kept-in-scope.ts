import type { AuthCtx } from './context.ts';
import { foundInScope } from './scope.ts';
import { keptPath } from './uploads.ts';

/**
 * A kept file of a community with where it lies (`full`), for a caller whose scope holds that
 * community: 404 when there is no such file, 403 outside the scope.
 */
export async function keptInScope<F extends { path: string; community_id: number | null }>(
  ctx: AuthCtx,
  f: F | undefined,
): Promise<F & { full: string }> {
  const kept = await foundInScope(ctx.db, ctx.caller, f);
  return { ...kept, full: keptPath(ctx.config, kept.path) };
}
