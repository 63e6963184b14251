import Fastify from 'fastify';
import pino from 'pino';
import type { Db } from '../db/index.ts';
import type { AdapterContext, UnitReports } from '../devices/adapters/contract.ts';
import { Inbound, type InboundOptions } from '../devices/inbound.ts';
import { createZkAdapter } from '../devices/vendors/zkteco/adapter.ts';
import type { ZkOptions } from '../devices/vendors/zkteco/terminals.ts';

/**
 * The zk-push adapter served over real HTTP for tests and benches, until the registry serves
 * every kind's routes (issue 33): a plain Fastify with the raw-body shape of `UnitRoute`, the
 * adapter's reports going to a real `Inbound`, its log lines kept.
 */
export async function startZkServer(db: Db, options: Partial<ZkOptions> = {}, inboundOptions: InboundOptions = {}) {
  const logs: { msg: string; reason?: string; serial?: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const inbound = new Inbound(
    db,
    () => {},
    (e) => log.error(e),
    undefined,
    inboundOptions,
  );
  const reports: UnitReports = {
    ack: (serial, ack) => inbound.ack(serial, ack),
    event: (serial, event) => inbound.event(serial, event),
    status: (serial, status) => inbound.status(serial, status),
    events: (serial, events) => inbound.eventBatch(serial, events),
    heartbeat: (serial, beat) => inbound.heartbeat(serial, beat),
  };
  const ctx: AdapterContext = {
    db,
    log,
    reports,
    unseal: () => null,
    dispatch: () => {},
    leaseMs: 30_000,
    instance: 'zk-test',
  };
  const adapter = createZkAdapter(ctx, options);
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  for (const r of adapter.routes?.() ?? []) {
    app.route({
      method: r.method,
      url: r.url,
      bodyLimit: r.bodyLimit,
      handler: async (req, reply) => {
        const out = await r.handle({
          query: req.query as Record<string, string | undefined>,
          headers: req.headers,
          body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          ip: req.ip,
        });
        return reply.code(out.status).type(out.type).send(out.body);
      },
    });
  }
  await app.listen({ port: 0, host: '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  adapter.start?.();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    adapter,
    inbound,
    logs,
    async close() {
      await adapter.stop?.();
      await app.close();
      await inbound.idle();
      inbound.stop();
    },
  };
}
