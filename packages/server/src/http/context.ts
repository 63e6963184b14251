import type { Lang } from '@gatehouse/contracts';
import type { Caller } from './caller.ts';
import type { Config } from '../config.ts';
import type { Dependent } from '../db/dependents.ts';
import type { Db } from '../db/index.ts';
import type { DoorConfig } from '../devices/desired.ts';
import type { PlaceSourceFn } from '../devices/places.ts';
import type { RateLimiter } from '../sms/rate-limit.ts';
import type { SmsProvider } from '../sms/provider.ts';
import type { DeviceBus } from '../devices/bus.ts';
import type { News } from '../devices/news.ts';
import type { LiveHub } from '../live/hub.ts';
import type { LiveEventWriter } from '../live/event-writer.ts';
import type { LiveStreams } from '../live/streams.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { CallerCache } from './caller-cache.ts';

/** Things every service may use; built once in app.ts. */
export interface Services {
  db: Db;
  config: Config;
  sms: SmsProvider;
  limiter: RateLimiter;
  devices: DeviceBus;
  /** What door units just did, after it was stored (devices/news.ts). */
  news: News;
  /** The live stream: this instance's fan-out, the writer of device news into live_event, the open streams' guard (live/). */
  live: { hub: LiveHub; events: LiveEventWriter; streams: LiveStreams };
  /** What door units' configurations are built from (the areas' sources, collected at boot). */
  doors: DoorConfig;
  /** What must be gone before a community or address is deleted (declared by the areas). */
  dependents: readonly Dependent[];
  /** Where credentials work on door units (the areas' place sources: access review, move-out). */
  places: readonly PlaceSourceFn[];
  /** Who is calling, kept between requests (http/caller-cache.ts). */
  callers: CallerCache;
  /** This instance's Prometheus metrics (METRICS=on), else null (metrics/). */
  metrics: Metrics | null;
}

/** The context of one request. */
export interface Ctx extends Services {
  lang: Lang;
  ip: string;
  caller: Caller | null;
}

/** A context whose caller is signed in (routes with access other than 'public'). */
export interface AuthCtx extends Ctx {
  caller: Caller;
}
