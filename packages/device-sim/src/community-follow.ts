import { communityTopic, communityTopicRoot } from '@gatehouse/contracts';
import type mqtt from 'mqtt';
import type { DeviceState } from './state.ts';
import { commandIn } from './wire-in.ts';

/**
 * The unit's side of its community's emergency broadcast (docs/device-protocol.md §10): the topic of
 * the community its `device.profile` named, and the broadcasts heard there.
 */
export class CommunityFollow {
  /** Broadcasts received, and applied. */
  readonly counts = { received: 0, applied: 0 };
  /** The community whose topic the unit asked for on this connection. */
  private community: number | null = null;
  /** The community whose topic the broker granted (null until its SUBACK, or when refused). */
  subscribed: number | null = null;

  constructor(
    private readonly prefix: string,
    private readonly log: (line: string) => void,
  ) {}

  isBroadcast(topic: string): boolean {
    return topic.startsWith(communityTopicRoot(this.prefix));
  }

  /** A new connection: the next `follow` subscribes again. */
  reset(): void {
    this.community = null;
    this.subscribed = null;
  }

  /**
   * Subscribes to the topic of this community (leaving the one before). A broker that refuses it
   * (SUBACK 0x80) leaves the unit on its own commands until the next connection or profile. Runs beside
   * the commands: nothing the unit does waits for it.
   */
  async follow(c: mqtt.MqttClient | null, next: number | undefined): Promise<void> {
    if (!c?.connected || next === undefined || !Number.isSafeInteger(next) || next === this.community) return;
    try {
      const before = this.community;
      this.community = next;
      this.subscribed = null;
      if (before !== null) await c.unsubscribeAsync(communityTopic(this.prefix, before));
      const granted = await c.subscribeAsync(communityTopic(this.prefix, next), { qos: 1 });
      if (granted.some((g) => g.qos === 128)) this.log('community broadcast refused by the broker');
      else if (this.community === next) this.subscribed = next;
    } catch (e) {
      this.log(`community broadcast: ${String(e)}`);
    }
  }

  /** A broadcast received: what applies it to the state, in order with the commands (never answered). */
  receive(payload: Buffer, state: DeviceState): (() => void) | null {
    const cmd = commandIn(payload);
    if (!cmd) return null;
    this.counts.received++;
    return () => {
      if (state.applyBroadcast(cmd)) this.counts.applied++;
    };
  }
}
