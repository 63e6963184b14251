import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/index.ts';
import type { News } from '../devices/news.ts';
import { LiveHub } from './hub.ts';
import { LiveOutbox } from './outbox.ts';

const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * Starts this instance's live stream parts: the outbox (device news → live_event +
 * NOTIFY), the hub (LISTEN → fan-out) and the pruning of old events.
 */
export async function startLive(handle: DbHandle, config: Config, news: News, log: Logger) {
  const onError = (e: unknown) => log.error({ err: e }, 'live stream');
  const outbox = new LiveOutbox(handle.db, handle.kind, config.TZ_NAME, onError);
  outbox.listen(news);
  const hub = new LiveHub(handle.db, { pglite: handle.pglite, url: config.DATABASE_URL }, onError);
  await hub.start();
  const pruner = setInterval(() => hub.prune().catch(onError), PRUNE_EVERY_MS);
  pruner.unref();
  return {
    hub,
    outbox,
    async close() {
      clearInterval(pruner);
      outbox.stop();
      await outbox.idle();
      await hub.close();
    },
  };
}
