import type { FastifyInstance } from 'fastify';
import type { UnitRoute } from '../devices/adapters/contract.ts';

/** A unit route's body limit unless it says (1 MB). */
export const UNIT_BODY_LIMIT = 1024 * 1024;

/**
 * Serves the routes door units of the vendor kinds call (their adapters', devices/adapters/contract.ts),
 * outside /api and its envelope: the body is handed over raw (a Buffer of at most the route's
 * `bodyLimit`, whatever its content type; a larger one is refused by Fastify with 413), with the
 * query and headers; the handler's status, type and body are the answer. A handler that throws
 * answers 500 with a bare text and is logged (no detail reaches the unit).
 */
export async function registerUnitRoutes(app: FastifyInstance, routes: readonly UnitRoute[]): Promise<void> {
  if (!routes.length) return;
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      // Not the API's envelope: a plain status and text (413 for a body over the limit).
      scope.setErrorHandler((err, req, reply) => {
        const code = (err as { statusCode?: number }).statusCode ?? 500;
        if (code >= 500) req.log.error({ err }, 'door unit route failed');
        else req.log.warn({ code, url: req.url.split('?')[0] }, 'door unit request refused');
        return reply
          .code(code >= 400 && code < 600 ? code : 500)
          .type('text/plain')
          .send(code === 413 ? 'payload too large' : code < 500 ? 'bad request' : 'internal error');
      });
      for (const r of routes) {
        scope.route({
          method: r.method,
          url: r.url,
          bodyLimit: r.bodyLimit ?? UNIT_BODY_LIMIT,
          handler: async (req, reply) => {
            const query: Record<string, string | undefined> = {};
            for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>))
              query[k] = Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v);
            try {
              const answer = await r.handle({
                query,
                headers: req.headers,
                body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
                ip: req.ip,
              });
              return reply.code(answer.status).type(answer.type).send(answer.body);
            } catch (err) {
              req.log.error({ err, url: r.url }, 'door unit route failed');
              return reply.code(500).type('text/plain').send('internal error');
            }
          },
        });
      }
      // Terminals call every few seconds each: no access-log line a request (warnings and errors still are).
    },
    { logLevel: 'warn' },
  );
}
