import type { HeartbeatMessage } from '@gatehouse/contracts';

export interface HeartbeatOptions {
  /** How often, ms (0: never on its own; `beat()` still sends one). Default 60 s. */
  everyMs?: number;
  firmware?: string;
  /** Storage of a new unit, bytes (each stored credential takes 1 KiB of it). Default 64 MiB. */
  storageBytes?: number;
}

/**
 * The unit's heartbeat (docs/device-protocol.md "Heartbeat"): firmware, uptime and free
 * storage on `<prefix>/dev/<serial>/heartbeat`, every `everyMs` while connected.
 */
export class Heartbeat {
  private timer: NodeJS.Timeout | null = null;
  private readonly startedAt = Date.now();
  /** Heartbeats sent. */
  count = 0;

  constructor(
    private readonly publish: (payload: string) => Promise<void>,
    private readonly credentials: () => number,
    private readonly o: HeartbeatOptions = {},
  ) {}

  message(): HeartbeatMessage {
    const storage = this.o.storageBytes ?? 64 * 1024 * 1024;
    return {
      firmware: this.o.firmware ?? 'gatehouse-sim/1.0',
      uptimeS: Math.floor((Date.now() - this.startedAt) / 1000),
      freeStorageBytes: Math.max(0, storage - this.credentials() * 1024),
    };
  }

  /** Sends one heartbeat now. */
  async beat(): Promise<void> {
    await this.publish(JSON.stringify(this.message()));
    this.count++;
  }

  /** Sends one now and then every `everyMs` (restarts when called again). */
  start(): void {
    this.stop();
    this.beat().catch(() => {});
    const every = this.o.everyMs ?? 60_000;
    if (!every) return;
    this.timer = setInterval(() => this.beat().catch(() => {}), every);
    this.timer.unref();
  }

  /** Stops sending (the unit falls silent while staying connected, or goes away). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
