import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { err } from './answers.ts';
import { DigestGate } from './digest.ts';
import { postEvent } from './push.ts';
import { type HikEvent, HikState, type HikUser } from './state.ts';
import { answerIsapi, type HikFault, type Terminal } from './terminal.ts';

export type { HikFault } from './terminal.ts';

/**
 * An emulated Hikvision access terminal (DS-K1T series) speaking ISAPI over HTTP with digest
 * authentication (docs/devices/hikvision.md): persons, cards, faces, plans, door control, the
 * event log with its search, and event posting to the listening host the server configures.
 * It can be told to misbehave for the fault tests.
 */

export interface HikEmulatorOptions {
  port?: number;
  host?: string;
  serial?: string;
  username?: string;
  password?: string;
  realm?: string;
  /** The terminal's clock offset from UTC, minutes (default +480, China). */
  utcOffsetMin?: number;
  /** Events posted as `multipart/form-data` (as terminals with a camera do) instead of JSON. */
  pushMultipart?: boolean;
  /** The event log's first serial number (default 1): a terminal whose log goes on after a restart of the emulator. */
  firstSerialNo?: number;
  /** Called with each request's method and path (diagnostics, tests counting requests). */
  onRequest?: (method: string, path: string) => void;
}

export interface HikEmulator {
  url: string;
  port: number;
  host: string;
  serial: string;
  state: HikState;
  /** Misbehaves from now on (`null`: behaves again); `only` limits it to paths containing that text. */
  misbehave(fault: HikFault | null, only?: string): void;
  /** A card presented at the reader: logged, decided, posted to the listening host. */
  swipe(cardNo: string): Promise<HikEvent>;
  /** A face recognised (`employeeNo`) or not (null). */
  face(employeeNo: string | null): Promise<HikEvent>;
  /** An alarm: door forced, held open, tamper. */
  alarm(kind: 'forced' | 'heldOpen' | 'tamper'): Promise<HikEvent>;
  /** Stops answering (the port closes: unreachable) / answers again on the same port. */
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
  /** Events posted to the listening host, and posts that failed. */
  posted: { ok: number; failed: number };
  close(): Promise<void>;
}

export async function startHikEmulator(o: HikEmulatorOptions = {}): Promise<HikEmulator> {
  const serial = o.serial ?? `DS-K1T671M${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const username = o.username ?? 'admin';
  const password = o.password ?? 'Hik12345';
  const realm = o.realm ?? 'DS-K1T671M';
  const offset = o.utcOffsetMin ?? 480;
  const state = new HikState(o.firstSerialNo);
  let fault: { kind: HikFault; only?: string } | null = null;
  const held = new Set<http.ServerResponse>();
  const posted = { ok: 0, failed: 0 };
  const gate = new DigestGate(realm, username, password);

  const localTime = (d = new Date()): string => {
    const t = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    const a = Math.abs(offset);
    return `${t}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
  };

  const userValid = (u: HikUser | undefined): 'ok' | 'none' | 'expired' | 'notYet' => {
    if (!u) return 'none';
    if (!u.Valid?.enable) return 'ok';
    const now = localTime().slice(0, 19);
    if (u.Valid.beginTime && now < u.Valid.beginTime.slice(0, 19)) return 'notYet';
    if (u.Valid.endTime && now > u.Valid.endTime.slice(0, 19)) return 'expired';
    return 'ok';
  };

  async function post(ev: HikEvent): Promise<void> {
    const port = server.address() ? (server.address() as AddressInfo).port : 0;
    if (await postEvent(ev, state, { port, multipart: o.pushMultipart })) posted.ok++;
    else posted.failed++;
  }

  async function record(e: Omit<HikEvent, 'serialNo' | 'time' | 'doorNo'>): Promise<HikEvent> {
    const ev = state.log({ ...e, time: localTime(), doorNo: 1 });
    await post(ev);
    return ev;
  }

  const terminal: Terminal = { state, serial, offset, fault: () => fault?.kind ?? null, localTime, record };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://terminal');
      o.onRequest?.(req.method ?? 'GET', url.pathname);
      const f = fault && (!fault.only || url.pathname.includes(fault.only)) ? fault.kind : null;
      if (f === 'wrongRealm' || !gate.authorized(req)) return gate.challenge(res, f === 'wrongRealm');
      if (f === 'timeout') {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (f === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>502 Bad Gateway</body></html>');
      }
      if (f === 'errorBody') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(err(2, 'Device Busy', 'deviceBusy', 'the device is busy')));
      }
      answerIsapi(terminal, req.method ?? 'GET', url.pathname, Buffer.concat(chunks), String(req.headers['content-type'] ?? ''))
        .then((a) => {
          res.writeHead(a.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(a.body));
        })
        .catch(() => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify(err(3, 'Device Error', 'deviceError')));
        });
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, o.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(o.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  const host = o.host ?? '127.0.0.1';

  const shut = () =>
    new Promise<void>((resolve) => {
      for (const r of held) r.destroy();
      held.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  return {
    url: `http://${host}:${port}`,
    port,
    host,
    serial,
    state,
    posted,
    misbehave(kind, only) {
      fault = kind ? { kind, only } : null;
      if (!kind) {
        for (const r of held) r.destroy();
        held.clear();
      }
    },
    swipe(cardNo) {
      const card = state.cards.get(cardNo);
      const user = card ? state.users.get(card.employeeNo) : undefined;
      const v = userValid(user);
      const minor =
        !card || v === 'none' ? 0x09 : state.door === 'alwaysClose' ? 0x06 : v === 'expired' ? 0x08 : v === 'notYet' ? 0x07 : 0x01;
      return record({
        major: 5,
        minor,
        cardNo,
        employeeNoString: card?.employeeNo,
        name: user?.name,
        currentVerifyMode: 'cardOrFace',
      });
    },
    face(employeeNo) {
      const user = employeeNo ? state.users.get(employeeNo) : undefined;
      const ok = user && state.faces.has(user.employeeNo) && userValid(user) === 'ok' && state.door !== 'alwaysClose';
      return record({
        major: 5,
        minor: ok ? 0x4b : 0x4c,
        employeeNoString: ok ? user.employeeNo : undefined,
        name: ok ? user.name : undefined,
        currentVerifyMode: 'cardOrFace',
      });
    },
    alarm(kind) {
      return record(kind === 'tamper' ? { major: 1, minor: 0x404 } : { major: 5, minor: kind === 'forced' ? 0x1b : 0x1c });
    },
    goOffline: shut,
    goOnline: () => listen(port),
    async close() {
      if (server.listening) await shut();
    },
  };
}
