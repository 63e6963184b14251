import type { FastifyStaticOptions } from '@fastify/static';

/** Hashed build output (`/assets/<name>-<hash>.<ext>`): its content never changes under that name. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/**
 * How the built web app is served: the .br/.gz files written at build time are
 * sent to browsers that accept them; hashed assets are cached for a year as
 * immutable, everything else (index.html, favicon) is revalidated.
 */
export function webAssetOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
}
