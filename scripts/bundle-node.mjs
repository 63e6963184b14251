import { build } from 'esbuild';

/**
 * Bundles a TypeScript entry for plain Node: the entry and the workspace packages it imports
 * (@gatehouse/*, TypeScript sources) in one ES module, every other package imported from
 * node_modules as it is (so native addons, WebAssembly and model files load from their packages).
 */
export async function bundleForNode(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@gatehouse/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
