import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import type { Metrics } from './metrics.ts';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` in the Prometheus text format, and the request timing every answer adds to it.
 * With a token, a scrape must send `Authorization: Bearer <token>` (otherwise 401, the usual envelope).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (req, reply) => {
    metrics.requestDone(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (req, reply) => {
    if (token && !bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('err.metricsToken');
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
