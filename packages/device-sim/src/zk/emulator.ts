import { wallClock } from '@gatehouse/contracts';
import { apply, decideCard, decideUser, newState, RETURN, type ZkState } from './terminal.ts';

/**
 * A ZKTeco access terminal speaking the PUSH protocol to a server (docs/devices/zkteco.md):
 * the handshake (`GET /iclock/cdata?options=all`), command polling (`GET /iclock/getrequest`),
 * results (`POST /iclock/devicecmd`) and real-time log uploads (`POST /iclock/cdata?table=rtlog`).
 * It keeps a terminal's state (users, cards, photos, time zones, door) and can be told to
 * misbehave (a Return code for matching commands, malformed lines, a huge body, a wrong serial).
 */
export interface ZkEmulatorOptions {
  /** The server's base URL, e.g. http://127.0.0.1:3000. */
  server: string;
  serial: string;
  /** Milliseconds between polls (0: poll only when `pollOnce` is called). */
  pollMs?: number;
  pushver?: string;
  /** The terminal's clock zone (IANA). */
  timeZone?: string;
  /** Answer this Return code to every command line matching `match` (a failing terminal). */
  failWith?: { match: RegExp; code: number };
  /** The first rtlog index (default 1): a terminal whose log goes on after a restart of the emulator. */
  firstIndex?: number;
  /** Swipe a random card (known or not) every this many ms (the demo). */
  activityMs?: number;
}

export interface RtlogLine {
  index: number;
  text: string;
}

export interface ZkEmulator {
  serial: string;
  state: ZkState;
  /** rtlog lines uploaded so far. */
  log: RtlogLine[];
  /** Polls once: applies the commands it got and posts their results; answers how many. */
  pollOnce(): Promise<number>;
  /** A card held to the reader: decides, keeps and uploads the rtlog line; answers the event code. */
  swipe(cardNo: string, at?: Date): Promise<number>;
  /** A face shown for the user `pin` (verify type 15). */
  showFace(pin: string, at?: Date): Promise<number>;
  /** Uploads every kept rtlog line again (a terminal that re-sends after a lost answer). */
  reupload(): Promise<Response>;
  /** Posts a raw body to `/iclock/cdata?table=<table>` (misbehaviour: malformed lines, huge bodies, another serial). */
  post(table: string, body: string, serial?: string): Promise<Response>;
  close(): Promise<void>;
}

const text = (r: Response) => r.text();

export async function startZkEmulator(o: ZkEmulatorOptions): Promise<ZkEmulator> {
  const base = o.server.replace(/\/$/, '');
  const tz = o.timeZone ?? 'UTC';
  const state = newState();
  const log: RtlogLine[] = [];
  let index = (o.firstIndex ?? 1) - 1;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let activity: NodeJS.Timeout | null = null;
  let polling: Promise<number> = Promise.resolve(0);
  const q = (extra = '', serial = o.serial) => `SN=${encodeURIComponent(serial)}${extra}`;

  const hs = await fetch(`${base}/iclock/cdata?${q(`&options=all&pushver=${o.pushver ?? '3.1.2'}&language=69&DeviceType=acc`)}`);
  const answer = await text(hs);
  if (hs.status !== 200) throw new Error(`zk emulator ${o.serial}: handshake refused (${hs.status})`);
  if (!/Delay=\d+/.test(answer)) throw new Error(`zk emulator ${o.serial}: no options in the handshake answer`);
  await fetch(`${base}/iclock/cdata?${q('&table=options')}`, {
    method: 'POST',
    body: `~DeviceName=Gatehouse ZK emulator,FirmVer=ZK-SIM 1.0,IPAddress=127.0.0.1`,
  }).then(text);

  const post = (table: string, body: string, serial = o.serial) =>
    fetch(`${base}/iclock/cdata?${q(`&table=${table}&Stamp=9999`, serial)}`, { method: 'POST', body });

  const stamp = (at: Date) => {
    const t = wallClock(at, tz);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${t.y}-${p(t.mo)}-${p(t.d)} ${p(t.h)}:${p(t.mi)}:${p(t.s)}`;
  };

  const upload = async (at: Date, pin: string, cardno: string, event: number, verifytype: number) => {
    index++;
    const line = `time=${stamp(at)}\tpin=${pin}\tcardno=${cardno}\teventaddr=1\tevent=${event}\tinoutstatus=0\tverifytype=${verifytype}\tindex=${index}`;
    log.push({ index, text: line });
    const r = await post('rtlog', `${line}\n`);
    await r.text();
    return event;
  };

  const pollOnceNow = async (): Promise<number> => {
    const r = await fetch(`${base}/iclock/getrequest?${q()}`);
    const body = await r.text();
    if (r.status !== 200) return 0;
    const results: string[] = [];
    for (const line of body.split(/\r?\n/)) {
      const m = /^C:(\d+):(.*)$/s.exec(line.trim());
      if (!m) continue;
      const [, id, command] = m as unknown as [string, string, string];
      const code = o.failWith?.match.test(command) ? o.failWith.code : apply(state, command);
      state.applied.push({ id, command, code });
      if (code === RETURN.ok && /^CONTROL DEVICE 010101(0[1-9A-F]|[1-9A-E][0-9A-F]|F[0-9A-E])/i.test(command))
        await upload(new Date(), '0', '0', 8, 200);
      results.push(`ID=${id}&Return=${code}&CMD=${command.split(' ')[0]}`);
    }
    if (results.length) await fetch(`${base}/iclock/devicecmd?${q()}`, { method: 'POST', body: `${results.join('\n')}\n` }).then(text);
    return results.length;
  };

  /** One poll at a time (the loop and a test's own call do not cross). */
  const pollOnce = (): Promise<number> => {
    polling = polling.catch(() => 0).then(pollOnceNow);
    return polling;
  };

  const loop = () => {
    if (closed || !o.pollMs) return;
    timer = setTimeout(() => {
      pollOnce()
        .catch(() => 0)
        .finally(loop);
    }, o.pollMs);
  };
  loop();
  if (o.activityMs) {
    activity = setInterval(() => {
      const cards = [...state.users.values()].map((u) => u.cardNo).filter(Boolean);
      const card =
        Math.random() < 0.8 && cards.length
          ? (cards[Math.floor(Math.random() * cards.length)] as string)
          : String(Math.floor(Math.random() * 1e8));
      void emulator.swipe(card).catch(() => {});
    }, o.activityMs);
  }

  const emulator: ZkEmulator = {
    serial: o.serial,
    state,
    log,
    pollOnce,
    swipe: async (cardNo, at = new Date()) => {
      const d = decideCard(state, cardNo, at, tz);
      if (d.event === 0) state.door = state.door === 'normalOpen' ? 'normalOpen' : 'open';
      return upload(at, d.pin, cardNo, d.event, 4);
    },
    showFace: async (pin, at = new Date()) => {
      const user = state.users.get(pin);
      const event = user && state.photos.has(pin) ? decideUser(state, user, at, tz) : 34;
      return upload(at, user ? pin : '0', '0', event, 15);
    },
    reupload: () => post('rtlog', `${log.map((l) => l.text).join('\n')}\n`),
    post,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      if (activity) clearInterval(activity);
      await polling.catch(() => 0);
    },
  };
  return emulator;
}
