/** A unit's event as this instance knows it: queued to be written, or written. */
export type RecentState = 'queued' | 'written';

/**
 * The events this instance queued or wrote lately, by unit, eid and time (what keeps an access event once),
 * so that a unit's re-send of one of them (docs/device-protocol.md §7: unconfirmed events are sent again,
 * unchanged) costs no database work: one still queued is dropped (its first copy is confirmed when it is
 * written), one written is confirmed at once. Re-sends come exactly when the instance is behind. At most
 * `max` keys, the oldest forgotten first; a forgotten one is read and looked up again as before (stored once).
 */
export class RecentEvents {
  private readonly keys = new Map<string, RecentState>();

  constructor(private readonly max = 100_000) {}

  /** The key of an event, or null when it has no eid or time to go by (read and dropped or stored as before). */
  static key(serial: string, body: Record<string, unknown>): string | null {
    const { eid, time } = body;
    return typeof eid === 'string' && eid && typeof time === 'string' ? `${serial}\n${eid}\n${time}` : null;
  }

  /** What is known of `key`; unknown, it is now queued (answers undefined). */
  admit(key: string): RecentState | undefined {
    const known = this.keys.get(key);
    if (known) return known;
    this.keys.set(key, 'queued');
    if (this.keys.size > this.max) this.keys.delete(this.keys.keys().next().value as string);
    return undefined;
  }

  written(keys: Iterable<string>): void {
    for (const k of keys) if (this.keys.has(k)) this.keys.set(k, 'written');
  }

  /** Events dropped unwritten: their re-sends are taken again. */
  forget(keys: Iterable<string>): void {
    for (const k of keys) this.keys.delete(k);
  }

  get size(): number {
    return this.keys.size;
  }
}
