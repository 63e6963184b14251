import type { AdapterFactory, UnitAdapter } from '../../adapters/contract.ts';
import { zkRoutes } from './routes.ts';
import { Terminals, type ZkOptions } from './terminals.ts';

/**
 * The `zk-push` kind (issue 33, docs/devices/zkteco.md): ZKTeco terminals that call the server
 * with the PUSH protocol. Delivery is 'pull': a terminal asks for its commands on
 * `/iclock/getrequest`, and the adapter claims them then (`claimEach`, for the polls of a moment at once).
 */
export const ZK_DEFAULTS: ZkOptions = { delaySec: 10, onlineWindowMs: 30_000, timeZone: 'UTC', sweepMs: 5_000 };

export function createZkAdapter(
  ctx: Parameters<AdapterFactory>[0],
  options: Partial<ZkOptions> = {},
): UnitAdapter & { terminals: Terminals } {
  const delaySec = options.delaySec ?? ZK_DEFAULTS.delaySec;
  const opts: ZkOptions = {
    ...ZK_DEFAULTS,
    onlineWindowMs: 3 * delaySec * 1000,
    ...options,
    delaySec,
  };
  const terminals = new Terminals(ctx, opts);
  const routes = zkRoutes(ctx, terminals);
  return {
    kind: 'zk-push',
    delivery: 'pull',
    terminals,
    ready: () => true,
    routes: () => routes,
    start: () => terminals.start(),
    stop: async () => terminals.stop(),
  };
}

export const zkPushAdapter: AdapterFactory = (ctx) => createZkAdapter(ctx);
