/**
 * Events per door unit: a token bucket per serial (DEVICE_EVENTS_PER_S sustained, DEVICE_EVENT_BURST at
 * once). An event over the limit is not stored and not confirmed on `evack`, so a unit that keeps its
 * unconfirmed events (docs/device-protocol.md §7) sends it again later; the refusals are counted per unit
 * and told at most once a minute per unit (`onThrottled`). One unit flooding never slows another's events.
 */
export interface UnitRate {
  /** Tokens added per second (events a unit may send sustained). */
  perSec: number;
  /** The bucket's size (events a unit may send at once after a quiet while). */
  burst: number;
}

export const DEFAULT_UNIT_RATE: UnitRate = { perSec: 50, burst: 500 };
const TELL_EVERY_MS = 60_000;
/** Buckets untouched this long are full again: forgotten (memory stays bounded by the active units). */
const FORGET_AFTER_MS = 10 * 60_000;

interface Bucket {
  tokens: number;
  at: number;
  refused: number;
  toldAt: number;
}

export class UnitThrottle {
  private readonly buckets = new Map<string, Bucket>();
  private lastPrune = 0;
  /** Events refused over every unit since the start. */
  refusedTotal = 0;

  constructor(
    private readonly rate: UnitRate,
    /** A unit went over its limit: `refused` events since the last time this was told (at most once a minute per unit). */
    private readonly onThrottled: (serial: string, refused: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event of this unit; false when it is over its limit (the event is refused). */
  take(serial: string): boolean {
    return this.takeMany(serial, 1);
  }

  /**
   * Counts `n` events a unit sent together, all or none: taken when the bucket holds `n` (or is
   * full, for more than a burst: the bucket goes below zero, so the unit's sustained rate stays
   * bounded); refused whole otherwise (the unit sends them all again later: a vendor upload that is
   * answered, or read, as one).
   */
  takeMany(serial: string, n: number): boolean {
    const now = this.now();
    this.prune(now);
    let b = this.buckets.get(serial);
    if (!b) {
      b = { tokens: this.rate.burst, at: now, refused: 0, toldAt: 0 };
      this.buckets.set(serial, b);
    }
    b.tokens = Math.min(this.rate.burst, b.tokens + ((now - b.at) / 1000) * this.rate.perSec);
    b.at = now;
    if (b.tokens >= Math.min(n, this.rate.burst)) {
      b.tokens -= n;
      return true;
    }
    b.refused += n;
    this.refusedTotal += n;
    if (now - b.toldAt >= TELL_EVERY_MS) {
      b.toldAt = now;
      this.onThrottled(serial, b.refused);
      b.refused = 0;
    }
    return false;
  }

  private prune(now: number): void {
    if (now - this.lastPrune < FORGET_AFTER_MS) return;
    this.lastPrune = now;
    for (const [serial, b] of this.buckets) if (now - b.at > FORGET_AFTER_MS && b.refused === 0) this.buckets.delete(serial);
  }
}
