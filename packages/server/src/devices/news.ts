/**
 * What just happened on the door units, after it was written: stored access events,
 * online/offline changes, command answers and alarms. The instance that consumed a
 * device message tells its listeners once (the live stream fans out from there to
 * every instance; webhooks enqueue their deliveries). Listeners must not throw and
 * must not block: they get plain rows, already committed.
 */
export interface AccessNews {
  id: number;
  deviceId: number | null;
  communityId: number | null;
  addressId: number | null;
  time: Date;
  type: number;
  result: number;
  account: string;
  userName: string;
  cardNum: string;
  isWork: boolean;
}

export interface DeviceNews {
  deviceId: number;
  serial: string;
  /** Null when the unit is not bound to a door unit. */
  communityId: number | null;
  online: boolean;
  firmware?: string;
}

export interface CommandNews {
  id: number;
  deviceId: number;
  communityId: number | null;
  status: number;
  info: string;
}

export interface AlarmNews {
  id: number;
  deviceId: number;
  communityId: number | null;
  kind: string;
  /** False when the alarm was cleared (a unit came back online). */
  open: boolean;
}

export interface NewsKinds {
  access: AccessNews[];
  device: DeviceNews;
  command: CommandNews[];
  alarm: AlarmNews[];
}

type Listener<K extends keyof NewsKinds> = (news: NewsKinds[K]) => void;

export class News {
  private readonly listeners: { [K in keyof NewsKinds]: Set<Listener<K>> } = {
    access: new Set(),
    device: new Set(),
    command: new Set(),
    alarm: new Set(),
  };

  constructor(private readonly onError: (e: unknown) => void = () => {}) {}

  /** Adds a listener; the returned function removes it. */
  on<K extends keyof NewsKinds>(kind: K, fn: Listener<K>): () => void {
    const set = this.listeners[kind] as Set<Listener<K>>;
    set.add(fn);
    return () => set.delete(fn);
  }

  emit<K extends keyof NewsKinds>(kind: K, news: NewsKinds[K]): void {
    if (Array.isArray(news) && !news.length) return;
    for (const fn of this.listeners[kind] as Set<Listener<K>>) {
      try {
        fn(news);
      } catch (e) {
        this.onError(e);
      }
    }
  }
}
