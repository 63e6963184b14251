import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, runnerImport } from 'vite';

/** A route module of the contracts (not the table's index, its helpers or the import report types). */
const ROUTE_FILE = /[\\/]contracts[\\/]src[\\/]routes[\\/](?!index\.ts$|define\.ts$|imports\.ts$)[\w-]+\.ts$/;

type Route = { input?: { shape?: Record<string, unknown> } } & Record<string, unknown>;
type MaxLengthOf = (field: unknown) => number | undefined;

/**
 * The contracts' route modules as the browser gets them: each route's method, path, kind and
 * access, and in place of its zod input schema the max lengths of its text fields (`limits`, read by
 * `api/inputLimits.ts` for the list filters). The server still validates every input; the browser's
 * form rules import the schemas they check. So the route table brings neither zod nor the schemas
 * into the shell. Each module keeps its `export * from '../schemas/…'` lines; the input schemas a module
 * declares for its own routes (e.g. session's homeCommunityInput) are left out: the browser uses none,
 * and one it imported would fail the build as a missing export.
 */
export function routeTable(): Plugin {
  let root = '';
  let cache: Promise<{ routes: Record<string, unknown>; maxLengthOf: MaxLengthOf }> | null = null;
  const load = () => {
    const opts = { configFile: false as const, root, logLevel: 'error' as const };
    cache ??= Promise.all([
      runnerImport<Record<string, unknown>>(path.join(root, '../contracts/src/routes/index.ts'), opts),
      runnerImport<{ maxLengthOf: MaxLengthOf }>(path.join(root, 'src/shared/maxLengthOf.ts'), opts),
    ]).then(([r, m]) => ({ routes: r.module, maxLengthOf: m.module.maxLengthOf }));
    return cache;
  };
  return {
    name: 'gatehouse-route-table',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      if (!ROUTE_FILE.test(id)) return null;
      const { routes, maxLengthOf } = await load();
      const source = readFileSync(id, 'utf8');
      const tables = [...source.matchAll(/^export const (\w+) = defineRoutes\(/gm)].map((m) => m[1] as string);
      const limitsOf = (r: Route) => {
        const shape = r.input?.shape ?? {};
        const entries = Object.entries(shape).flatMap(([k, f]) => {
          const n = maxLengthOf(f);
          return n === undefined ? [] : [[k, n] as const];
        });
        return entries.length ? Object.fromEntries(entries) : undefined;
      };
      const plain = (table: Record<string, Route>) =>
        Object.fromEntries(
          Object.entries(table).map(([name, { input: _input, ...r }]) => [name, { ...r, limits: limitsOf(table[name] as Route) }]),
        );
      const kept = source.match(/^export \* from '[^']+';$/gm) ?? [];
      const generated = tables.map((t) => `export const ${t} = ${JSON.stringify(plain(routes[t] as Record<string, Route>))};`);
      return [...kept, ...generated].join('\n');
    },
    // In dev, an edited contracts module rebuilds the table on the next load.
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (/[\\/]contracts[\\/]src[\\/]/.test(file)) cache = null;
      });
    },
  };
}
