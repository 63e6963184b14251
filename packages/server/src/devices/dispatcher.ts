import { CMD_STATUS, type CmdMessage, deviceTopic } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export type Publish = (topic: string, payload: string) => Promise<void>;

const BATCH = 5000;

/**
 * Sends queued commands to devices, one batch at a time, so the commands of one
 * device always leave in id order. A command is marked sent (1, attempts + 1) before
 * it is published; if the publish fails it goes back to 0 and the next sweep retries.
 * `resend` also re-sends commands already sent but not answered (a device came back
 * online: the command table, not the broker, is the source of the queue).
 */
export class Dispatcher {
  private readonly wanted = new Map<number, boolean>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly prefix: string,
    private readonly publish: Publish,
    private readonly canPublish: () => boolean,
    private readonly onError: (e: unknown) => void,
  ) {}

  request(deviceIds: Iterable<number>, resend = false): void {
    for (const id of deviceIds) this.wanted.set(id, resend || (this.wanted.get(id) ?? false));
    if (this.wanted.size && !this.running) {
      this.running = this.loop().finally(() => {
        this.running = null;
        if (this.wanted.size && this.canPublish()) this.request([]);
      });
    }
  }

  /** Resolves when nothing is being sent. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Asks for every device that has commands not yet sent. */
  async sweep(): Promise<void> {
    const rows = await this.db
      .selectFrom('command')
      .select('device_id')
      .distinct()
      .where('status', '=', CMD_STATUS.notSent)
      .limit(BATCH)
      .execute();
    if (rows.length) this.request(rows.map((r) => r.device_id));
  }

  private async loop(): Promise<void> {
    while (this.wanted.size && this.canPublish()) {
      const batch = new Map(this.wanted);
      this.wanted.clear();
      try {
        await this.flush(batch);
      } catch (e) {
        this.onError(e);
        return;
      }
    }
  }

  private async flush(batch: Map<number, boolean>): Promise<void> {
    const all = [...batch.keys()];
    const resend = all.filter((id) => batch.get(id));
    const rows = await this.db
      .selectFrom('command as c')
      .innerJoin('device as d', 'd.id', 'c.device_id')
      .select(['c.id', 'c.device_id', 'c.type', 'c.kind', 'c.payload', 'c.created_at', 'd.serial'])
      .where('d.address_id', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('c.device_id', 'in', all), eb('c.status', '=', CMD_STATUS.notSent)]),
          ...(resend.length ? [eb.and([eb('c.device_id', 'in', resend), eb('c.status', '=', CMD_STATUS.sent)])] : []),
        ]),
      )
      .orderBy('c.device_id')
      .orderBy('c.id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return;
    if (rows.length === BATCH) for (const id of all) this.wanted.set(id, batch.get(id) ?? false);
    const ids = rows.map((r) => Number(r.id));
    await this.db
      .updateTable('command')
      .set({
        status: sql<number>`case when status = ${CMD_STATUS.notSent} then ${CMD_STATUS.sent} else status end`,
        attempts: sql<number>`attempts + 1`,
        sent_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', 'in', ids)
      .where('status', 'in', [CMD_STATUS.notSent, CMD_STATUS.sent])
      .execute();
    const results = await Promise.allSettled(
      rows.map((r) => {
        // The row was written from a typed NewCommand (commands.ts): its kind and payload match.
        const m = {
          id: Number(r.id),
          type: r.type,
          kind: r.kind,
          payload: r.payload,
          createdAt: new Date(r.created_at).toISOString(),
        } as CmdMessage;
        return this.publish(deviceTopic(this.prefix, r.serial, 'cmd'), JSON.stringify(m));
      }),
    );
    const failed = ids.filter((_, i) => results[i]?.status === 'rejected');
    if (failed.length) {
      await this.db
        .updateTable('command')
        .set({ status: CMD_STATUS.notSent })
        .where('id', 'in', failed)
        .where('status', '=', CMD_STATUS.sent)
        .execute();
    }
  }
}
