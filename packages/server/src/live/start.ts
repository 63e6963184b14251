import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/index.ts';
import type { News } from '../devices/news.ts';
import type { CallerCache } from '../http/caller-cache.ts';
import { LiveHub } from './hub.ts';
import { type AccessPresenter, LiveEventWriter } from './event-writer.ts';
import { LiveStreams } from './streams.ts';

const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * Starts this instance's live stream parts: the event writer (device news → live_event
 * rows + NOTIFY), the hub (LISTEN → fan-out), the streams' guard (their callers' rights, the caps)
 * and the pruning of old events.
 */
export async function startLive(
  handle: DbHandle,
  config: Config,
  news: News,
  callers: CallerCache,
  log: Logger,
  presentAccess: AccessPresenter | null,
) {
  const onError = (e: unknown) => log.error({ err: e }, 'live stream');
  const events = new LiveEventWriter(handle.db, handle.kind, config.TZ_NAME, onError, presentAccess);
  events.listen(news);
  const hub = new LiveHub(handle.db, { pglite: handle.pglite, url: config.DATABASE_URL }, onError);
  await hub.start();
  const streams = new LiveStreams(callers, onError);
  const pruner = setInterval(() => hub.prune().catch(onError), PRUNE_EVERY_MS);
  pruner.unref();
  return {
    hub,
    events,
    streams,
    async close() {
      clearInterval(pruner);
      streams.close();
      events.stop();
      await events.idle();
      await hub.close();
    },
  };
}
