import type { RouteDef } from '@gatehouse/contracts';

/**
 * The max lengths of a route's text inputs, by field. In the browser a route carries these in place
 * of its zod input schema (`limits`, written at build time by build/routeTable.ts): web code never
 * reads a route's `input` (boundaries.test.ts); form rules import the schema they check.
 */
export function inputLimits(route: RouteDef | undefined): Readonly<Record<string, number>> {
  return (route as { limits?: Record<string, number> } | undefined)?.limits ?? {};
}
