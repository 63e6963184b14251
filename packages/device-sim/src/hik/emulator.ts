import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIGEST } from 'http-auth-utils';
import { type HikEvent, HikState, type HikUser } from './state.ts';

/**
 * An emulated Hikvision access terminal (DS-K1T series) speaking ISAPI over HTTP with digest
 * authentication (docs/devices/hikvision.md): persons, cards, faces, plans, door control, the
 * event log with its search, and event posting to the listening host the server configures.
 * It can be told to misbehave for the fault tests.
 */

/** What the emulator can be told to do wrong (docs/devices/hikvision.md "Emulator"). */
export type HikFault =
  /** Answers `200 text/html` that is not ISAPI. */
  | 'garbage'
  /** Answers an ISAPI error body (statusCode 2, Device Busy). */
  | 'errorBody'
  /** Challenges with one realm and checks the answer against another: every request is 401. */
  | 'wrongRealm'
  /** Never answers. */
  | 'timeout'
  /** Refuses every face photo (modeling failed). */
  | 'refusePhoto'
  /** Refuses every person (employee number already exists). */
  | 'duplicateEmployee';

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

const OK = { statusCode: 1, statusString: 'OK', subStatusCode: 'ok' };
const err = (statusCode: number, statusString: string, subStatusCode: string, errorMsg = subStatusCode) => ({
  statusCode,
  statusString,
  subStatusCode,
  errorCode: 0x60000000 + statusCode,
  errorMsg,
});
const BAD_JSON = err(6, 'Invalid Content', 'badJsonContent');

interface Answer {
  status: number;
  body: unknown;
}

export async function startHikEmulator(o: HikEmulatorOptions = {}): Promise<HikEmulator> {
  const serial = o.serial ?? `DS-K1T671M${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const username = o.username ?? 'admin';
  const password = o.password ?? 'Hik12345';
  const realm = o.realm ?? 'DS-K1T671M';
  const offset = o.utcOffsetMin ?? 480;
  const state = new HikState(o.firstSerialNo);
  let fault: { kind: HikFault; only?: string } | null = null;
  const nonces = new Set<string>();
  const held = new Set<http.ServerResponse>();
  const posted = { ok: 0, failed: 0 };
  let deleting: 'processing' | 'success' = 'success';

  const localTime = (d = new Date()): string => {
    const t = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    const a = Math.abs(offset);
    return `${t}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
  };

  /** Digest check (RFC 2617, qop=auth, MD5) as the terminals do it. */
  const authorized = (req: http.IncomingMessage): boolean => {
    const h = req.headers.authorization;
    if (!h?.startsWith('Digest ')) return false;
    let a: ReturnType<typeof DIGEST.parseAuthorizationRest>;
    try {
      a = DIGEST.parseAuthorizationRest(h.slice(7));
    } catch {
      return false;
    }
    if (!nonces.has(a.nonce) || a.username !== username) return false;
    const expected = DIGEST.computeHash({
      algorithm: 'md5',
      method: req.method ?? 'GET',
      uri: a.uri,
      realm, // the realm this terminal checks against (wrongRealm: not the one it challenged with)
      username,
      password,
      nonce: a.nonce,
      nc: a.nc ?? '',
      cnonce: a.cnonce ?? '',
      qop: a.qop ?? '',
    });
    return expected === a.response;
  };

  const challenge = (res: http.ServerResponse, wrongRealm: boolean) => {
    const nonce = crypto.randomBytes(16).toString('hex');
    nonces.add(nonce);
    if (nonces.size > 1000) nonces.delete(nonces.values().next().value as string);
    const shown = wrongRealm ? `${realm}-other` : realm;
    res.writeHead(401, {
      'www-authenticate': `Digest ${DIGEST.buildWWWAuthenticateRest({ realm: shown, qop: 'auth', nonce, opaque: '' })}`,
      'content-type': 'application/json',
    });
    res.end(JSON.stringify(err(4, 'Invalid Operation', 'unAuthorized')));
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
    const host = state.httpHost;
    if (!host) return;
    const body = {
      ipAddress: '127.0.0.1',
      portNo: server.address() ? (server.address() as AddressInfo).port : 0,
      protocol: 'HTTP',
      macAddress: '44:47:cc:00:00:01',
      channelID: 1,
      dateTime: ev.time,
      activePostCount: 1,
      eventType: 'AccessControllerEvent',
      eventState: 'active',
      eventDescription: 'Access Controller Event',
      AccessControllerEvent: {
        deviceName: state.name,
        majorEventType: ev.major,
        subEventType: ev.minor,
        cardNo: ev.cardNo,
        cardType: ev.cardNo ? 1 : undefined,
        name: ev.name,
        employeeNoString: ev.employeeNoString,
        doorNo: ev.doorNo,
        serialNo: ev.serialNo,
        currentVerifyMode: ev.currentVerifyMode,
        attendanceStatus: 'undefined',
      },
    };
    const target = `${host.protocolType === 'HTTPS' ? 'https' : 'http'}://${host.ipAddress}:${host.portNo}${host.url}`;
    try {
      let res: Response;
      if (o.pushMultipart) {
        const form = new FormData();
        form.set('AccessControllerEvent', JSON.stringify(body));
        form.set('Picture', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }), 'Picture.jpg');
        res = await fetch(target, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
      } else {
        res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
      }
      await res.arrayBuffer();
      if (res.ok) posted.ok++;
      else posted.failed++;
    } catch {
      posted.failed++;
    }
  }

  async function record(e: Omit<HikEvent, 'serialNo' | 'time' | 'doorNo'>): Promise<HikEvent> {
    const ev = state.log({ ...e, time: localTime(), doorNo: 1 });
    await post(ev);
    return ev;
  }

  const plan = (prefix: string, map: Map<number, unknown>, key: string) => ({
    match: (path: string) => path.startsWith(prefix),
    put: (path: string, body: Record<string, unknown>): Answer => {
      const n = Number(path.slice(prefix.length));
      if (!Number.isInteger(n) || n < 1 || n > 255) return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
      if (!body[key] || typeof body[key] !== 'object') return { status: 400, body: BAD_JSON };
      map.set(n, body[key]);
      return { status: 200, body: OK };
    },
  });
  const plans = [
    plan('/ISAPI/AccessControl/UserRightWeekPlanCfg/', state.weekPlans, 'UserRightWeekPlanCfg'),
    plan('/ISAPI/AccessControl/UserRightPlanTemplate/', state.templates, 'UserRightPlanTemplate'),
    plan('/ISAPI/AccessControl/UserRightHolidayPlanCfg/', state.holidayPlans, 'UserRightHolidayPlanCfg'),
    plan('/ISAPI/AccessControl/UserRightHolidayGroupCfg/', state.holidayGroups, 'UserRightHolidayGroupCfg'),
  ];

  async function handle(method: string, path: string, query: URLSearchParams, raw: Buffer, type: string): Promise<Answer> {
    const json = (): Record<string, unknown> | null => {
      try {
        const v = JSON.parse(raw.toString('utf8')) as unknown;
        return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    };
    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /ISAPI/System/deviceInfo':
        return {
          status: 200,
          body: {
            DeviceInfo: {
              deviceName: state.name,
              deviceID: serial,
              model: 'DS-K1T671M',
              serialNumber: serial,
              macAddress: '44:47:cc:00:00:01',
              firmwareVersion: 'V3.2.30',
              firmwareReleasedDate: 'build 230718',
              deviceType: 'ACS',
            },
          },
        };
      case 'GET /ISAPI/System/time':
        return { status: 200, body: { Time: { timeMode: 'manual', localTime: localTime(), timeZone: tzName(offset) } } };
      case 'PUT /ISAPI/Event/notification/httpHosts': {
        const list = (json()?.HttpHostNotificationList as { HttpHostNotification?: Record<string, unknown> }[] | undefined)?.[0]
          ?.HttpHostNotification;
        if (!list || typeof list.url !== 'string' || typeof list.ipAddress !== 'string') return { status: 400, body: BAD_JSON };
        state.httpHost = {
          url: list.url,
          ipAddress: list.ipAddress,
          portNo: Number(list.portNo) || 80,
          protocolType: String(list.protocolType ?? 'HTTP'),
        };
        return { status: 200, body: OK };
      }
      case 'PUT /ISAPI/AccessControl/UserInfo/SetUp': {
        const u = json()?.UserInfo as HikUser | undefined;
        if (!u || typeof u.employeeNo !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(u.employeeNo))
          return { status: 400, body: err(6, 'Invalid Content', 'employeeNoError') };
        if (fault?.kind === 'duplicateEmployee')
          return { status: 400, body: err(6, 'Invalid Content', 'employeeNoAlreadyExist', 'employeeNo already exists') };
        state.users.set(u.employeeNo, { ...u, name: String(u.name ?? '').slice(0, 32) });
        return { status: 200, body: OK };
      }
      case 'PUT /ISAPI/AccessControl/UserInfo/Delete': {
        const list = (json()?.UserInfoDelCond as { EmployeeNoList?: { employeeNo: string }[] } | undefined)?.EmployeeNoList;
        if (!Array.isArray(list)) return { status: 400, body: BAD_JSON };
        for (const e of list) {
          state.users.delete(e.employeeNo);
          state.faces.delete(e.employeeNo);
          for (const [no, c] of state.cards) if (c.employeeNo === e.employeeNo) state.cards.delete(no);
        }
        return { status: 200, body: OK };
      }
      case 'PUT /ISAPI/AccessControl/CardInfo/SetUp': {
        const c = json()?.CardInfo as { employeeNo?: string; cardNo?: string; cardType?: string } | undefined;
        if (!c?.cardNo || !c.employeeNo) return { status: 400, body: BAD_JSON };
        if (!state.users.has(c.employeeNo)) return { status: 400, body: err(6, 'Invalid Content', 'employeeNoNotExist') };
        state.cards.set(c.cardNo, { employeeNo: c.employeeNo, cardNo: c.cardNo, cardType: c.cardType ?? 'normalCard' });
        return { status: 200, body: OK };
      }
      case 'PUT /ISAPI/AccessControl/CardInfo/Delete': {
        const list = (json()?.CardInfoDelCond as { CardNoList?: { cardNo: string }[] } | undefined)?.CardNoList;
        if (!Array.isArray(list)) return { status: 400, body: BAD_JSON };
        for (const c of list) state.cards.delete(c.cardNo);
        return { status: 200, body: OK };
      }
      case 'POST /ISAPI/AccessControl/CardInfo/Search': {
        const cond = json()?.CardInfoSearchCond as
          | { searchID?: string; CardNoList?: { cardNo: string }[]; EmployeeNoList?: { employeeNo: string }[] }
          | undefined;
        if (!cond) return { status: 400, body: BAD_JSON };
        const byCard = new Set(cond.CardNoList?.map((c) => c.cardNo));
        const byEmp = new Set(cond.EmployeeNoList?.map((e) => e.employeeNo));
        const found = [...state.cards.values()].filter(
          (c) => (!byCard.size || byCard.has(c.cardNo)) && (!byEmp.size || byEmp.has(c.employeeNo)),
        );
        return {
          status: 200,
          body: {
            CardInfoSearch: {
              searchID: cond.searchID ?? '1',
              responseStatusStrg: found.length ? 'OK' : 'NO MATCH',
              numOfMatches: found.length,
              totalMatches: found.length,
              ...(found.length ? { CardInfo: found } : {}),
            },
          },
        };
      }
      case 'POST /ISAPI/Intelligent/FDLib/FaceDataRecord': {
        if (!type.startsWith('multipart/form-data')) return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
        let form: FormData;
        try {
          form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
        } catch {
          return { status: 400, body: BAD_JSON };
        }
        const meta = form.get('FaceDataRecord');
        const img = form.get('img') ?? form.get('FaceImage');
        type Rec = { FDID?: string; FPID?: string; name?: string };
        let rec: Rec | null = null;
        try {
          rec = typeof meta === 'string' ? (JSON.parse(meta) as Rec) : null;
        } catch {
          rec = null;
        }
        if (!rec?.FPID || !(img instanceof Blob)) return { status: 400, body: BAD_JSON };
        const bytes = Buffer.from(await img.arrayBuffer());
        if (fault?.kind === 'refusePhoto' || bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8)
          return { status: 400, body: err(6, 'Invalid Content', 'modelingFailed', 'face modeling failed: no face found in the picture') };
        if (!state.users.has(rec.FPID)) return { status: 400, body: err(6, 'Invalid Content', 'employeeNoNotExist') };
        state.faces.set(rec.FPID, { FDID: rec.FDID ?? '1', FPID: rec.FPID, name: rec.name, bytes: bytes.length });
        return { status: 200, body: { ...OK, FPID: rec.FPID } };
      }
      case 'PUT /ISAPI/Intelligent/FDLib/FDSearch/Delete': {
        const list = json()?.FPID as { value: string }[] | undefined;
        if (!Array.isArray(list)) return { status: 400, body: BAD_JSON };
        for (const f of list) state.faces.delete(f.value);
        return { status: 200, body: OK };
      }
      case 'POST /ISAPI/Intelligent/FDLib/FDSearch': {
        const cond = json() as { FPID?: string } | null;
        if (!cond) return { status: 400, body: BAD_JSON };
        const found = [...state.faces.values()].filter((f) => !cond.FPID || f.FPID === cond.FPID);
        return {
          status: 200,
          body: {
            ...OK,
            responseStatusStrg: found.length ? 'OK' : 'NO MATCH',
            numOfMatches: found.length,
            totalMatches: found.length,
            ...(found.length ? { MatchList: found.map((f) => ({ FPID: f.FPID, name: f.name })) } : {}),
          },
        };
      }
      case 'PUT /ISAPI/AccessControl/UserInfoDetail/Delete': {
        const mode = (json()?.UserInfoDetail as { mode?: string } | undefined)?.mode;
        if (mode !== 'all') return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
        state.users.clear();
        state.cards.clear();
        state.faces.clear();
        deleting = 'processing';
        return { status: 200, body: OK };
      }
      case 'GET /ISAPI/AccessControl/UserInfoDetail/DeleteProcess': {
        const status = deleting;
        deleting = 'success'; // the first poll sees it working, the next one done
        return { status: 200, body: { UserInfoDetailDeleteProcess: { status } } };
      }
      case 'PUT /ISAPI/AccessControl/RemoteControl/door/1': {
        const cmd = (json()?.RemoteControlDoor as { cmd?: string } | undefined)?.cmd;
        if (cmd === 'open') {
          if (state.door === 'alwaysClose') return { status: 400, body: err(4, 'Invalid Operation', 'doorAlwaysClosed') };
          state.opens++;
          await record({ major: 3, minor: 0x400 });
        } else if (cmd === 'alwaysOpen' || cmd === 'alwaysClose') state.door = cmd;
        else if (cmd === 'resume' || cmd === 'close') state.door = 'normal';
        else return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
        return { status: 200, body: OK };
      }
      case 'POST /ISAPI/AccessControl/AcsEvent': {
        const cond = json()?.AcsEventCond as
          | { searchID?: string; searchResultPosition?: number; maxResults?: number; beginSerialNo?: number; endSerialNo?: number }
          | undefined;
        if (!cond) return { status: 400, body: BAD_JSON };
        const from = Number(cond.beginSerialNo ?? 0);
        const to = cond.endSerialNo === undefined ? Number.POSITIVE_INFINITY : Number(cond.endSerialNo);
        const all = state.events.filter((e) => e.serialNo >= from && e.serialNo <= to);
        const pos = Number(cond.searchResultPosition ?? 0);
        const max = Math.min(Number(cond.maxResults ?? 30), 30); // terminals answer at most 30 per page
        const page = all.slice(pos, pos + max);
        return {
          status: 200,
          body: {
            AcsEvent: {
              searchID: cond.searchID ?? '1',
              totalMatches: all.length,
              responseStatusStrg: !page.length ? 'NO MATCH' : pos + page.length < all.length ? 'MORE' : 'OK',
              numOfMatches: page.length,
              ...(page.length ? { InfoList: page } : {}),
            },
          },
        };
      }
    }
    const p = method === 'PUT' ? plans.find((x) => x.match(path)) : undefined;
    if (p) {
      const body = json();
      return body ? p.put(path, body) : { status: 400, body: BAD_JSON };
    }
    void query;
    return { status: 404, body: err(4, 'Invalid Operation', 'notSupport') };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://terminal');
      o.onRequest?.(req.method ?? 'GET', url.pathname);
      const f = fault && (!fault.only || url.pathname.includes(fault.only)) ? fault.kind : null;
      if (f === 'wrongRealm' || !authorized(req)) return challenge(res, f === 'wrongRealm');
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
      handle(req.method ?? 'GET', url.pathname, url.searchParams, Buffer.concat(chunks), String(req.headers['content-type'] ?? ''))
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

/** The terminal's `timeZone` text (POSIX style: `CST-8:00:00` is UTC+8). */
function tzName(offsetMin: number): string {
  const sign = offsetMin >= 0 ? '-' : '+';
  const a = Math.abs(offsetMin);
  return `CST${sign}${Math.floor(a / 60)}:${String(a % 60).padStart(2, '0')}:00`;
}
