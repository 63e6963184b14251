import type { EmbeddedLoad } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/index.ts';
import type { DeviceBus } from './bus.ts';

/** How often the count of units on the embedded broker is read again (and the warning logged when passed). */
const RECOUNT_MS = 60_000;
/** A health answer older than this counts again (in the background: it answers what it has). */
const FRESH_MS = 2_000;

/** Bound door units that connect to the MQTT broker (Gatehouse's own protocol; vendor kinds do not). */
async function mqttUnits(db: Db): Promise<number> {
  const row = await db
    .selectFrom('device')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('address_id', 'is not', null)
    .where('unit_kind', '=', 'gatehouse-mqtt')
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Watches how many door units the embedded broker (aedes, inside this process) has to carry
 * against MQTT_EMBEDDED_MAX_UNITS, where it stops being enough (docs/scale-out.md "Embedded
 * broker": past it units time out connecting). Counted at start and every minute; crossing the
 * limit is logged as a warning (once per crossing) and shown in GET /api/health (`broker.load`,
 * counted again when a health answer finds the count a few seconds old).
 */
export class EmbeddedLoadWatch {
  private load: EmbeddedLoad;
  private timer: NodeJS.Timeout | null = null;
  private countedAt = 0;
  private counting: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    max: number,
    private readonly log: Logger,
  ) {
    this.load = { units: 0, max, over: false };
  }

  /** Counts now; warns when the limit was just passed. */
  async check(): Promise<EmbeddedLoad> {
    this.countedAt = Date.now();
    const units = await mqttUnits(this.db);
    const over = this.load.max > 0 && units > this.load.max;
    if (over && !this.load.over) {
      this.log.warn(
        { units, max: this.load.max },
        'the embedded MQTT broker carries more door units than MQTT_EMBEDDED_MAX_UNITS: units may time out connecting; use an external broker (docs/scale-out.md "Embedded broker")',
      );
    }
    this.load = { units, max: this.load.max, over };
    return this.load;
  }

  /** The last count; one older than a few seconds is counted again in the background. */
  state(): EmbeddedLoad {
    if (!this.counting && Date.now() - this.countedAt > FRESH_MS) {
      this.counting = this.check()
        .catch((e: unknown) => this.log.error({ err: e }, 'embedded broker load'))
        .finally(() => {
          this.counting = null;
        });
    }
    return this.load;
  }

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => {
      this.check().catch((e: unknown) => this.log.error({ err: e }, 'embedded broker load'));
    }, RECOUNT_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The embedded broker's bus with its load in the health `broker` section. */
export function withEmbeddedLoad(bus: DeviceBus, watch: EmbeddedLoadWatch): DeviceBus {
  return {
    ...bus,
    broker: () => ({
      mode: 'embedded',
      provisioning: 'embedded',
      reconciling: false,
      lastReconcile: null,
      pending: 0,
      load: watch.state(),
    }),
    async close() {
      watch.stop();
      await bus.close();
    },
  };
}
