/** Bundles a TypeScript entry for plain Node (see bundle-node.mjs). */
export function bundleForNode(entry: string, outfile: string): Promise<void>;
