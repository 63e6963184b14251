import type { Dependent } from '../db/dependents.ts';
import type { DesiredSource, LadderSource } from '../devices/desired.ts';
import type { PlaceSourceFn } from '../devices/places.ts';
import type { Services } from '../http/context.ts';
import type { Registered } from '../http/route.ts';
import type { AccessPresenter } from '../live/event-writer.ts';

/** Background work an area runs on every instance while the app runs (started at boot, stopped at shutdown). */
export type AreaWorker = (services: Services, onError: (e: unknown) => void) => { stop(): Promise<void> };

/**
 * What one business area contributes to the app, declared in its `index.ts`: its route
 * handlers, what must be gone before a community or address is deleted, and its parts of
 * a door unit's configuration. Nothing registers itself by being imported.
 */
export interface Area {
  name: string;
  handlers: readonly Registered[];
  dependents?: readonly Dependent[];
  /** Parts of a door unit's full configuration (activation, resync). */
  desiredSources?: readonly DesiredSource[];
  /** Entries of a door unit's lift file. */
  ladderSources?: readonly LadderSource[];
  /** Where a card, face or QR code works (access review, move-out, expire unused: devices/places.ts). */
  placeSources?: readonly PlaceSourceFn[];
  /** Background work (delivery queues, fan-outs). */
  workers?: readonly AreaWorker[];
  /** How the live stream shows access events (one area gives it: the event log). */
  liveAccess?: AccessPresenter;
}

/** Every area's contributions, in the order of the area list. */
export interface Wiring {
  handlers: Registered[];
  dependents: Dependent[];
  desiredSources: DesiredSource[];
  ladderSources: LadderSource[];
  placeSources: PlaceSourceFn[];
  workers: AreaWorker[];
  /** Null without an event-log area: the stream then carries no access events. */
  liveAccess: AccessPresenter | null;
}

export function collectAreas(areas: readonly Area[]): Wiring {
  return {
    handlers: areas.flatMap((a) => a.handlers),
    dependents: areas.flatMap((a) => a.dependents ?? []),
    desiredSources: areas.flatMap((a) => a.desiredSources ?? []),
    ladderSources: areas.flatMap((a) => a.ladderSources ?? []),
    placeSources: areas.flatMap((a) => a.placeSources ?? []),
    workers: areas.flatMap((a) => a.workers ?? []),
    liveAccess: areas.find((a) => a.liveAccess)?.liveAccess ?? null,
  };
}
