import type { EventMessage } from '@gatehouse/contracts';
import type { AdapterContext, UnitRoute } from '../../adapters/contract.ts';
import { type ClaimedCommand, claimEach, unclaim } from '../../claim.ts';
import { tickBatch } from '../../tick-batch.ts';
import { anyInt, anyText } from '../../../db/sql.ts';
import { attlogEvents, type PinHolder, parseAttlog, parseRtlog, rtlogEvents } from './events.ts';
import { pinHolders } from './pin-holders.ts';
import { bodyLines, lineId, MAX_POST_BYTES, parseFields, parseResults, readLineId, returnMeaning } from './lines.ts';
import type { Admitted, Terminals } from './terminals.ts';
import { credentialOf, translate } from './translate.ts';

/**
 * The PUSH protocol's HTTP side (docs/devices/zkteco.md): the handshake and uploads on
 * `/iclock/cdata`, command polling on `/iclock/getrequest`, results on `/iclock/devicecmd`,
 * and the access-control dialect's `/iclock/registry`, `/iclock/push`, `/iclock/ping`.
 * Every request is admitted by its serial first (`Terminals.admit`).
 */

type Req = Parameters<UnitRoute['handle']>[0];
type Res = Awaited<ReturnType<UnitRoute['handle']>>;

type HoldersOf = (pins: readonly string[]) => Promise<ReadonlyMap<string, PinHolder>>;
const logOf =
  <R extends { pin: string }>(
    parse: (body: string) => R[] | null,
    toEvents: (r: R[], h: ReadonlyMap<string, PinHolder>, tz: string) => EventMessage[],
  ) =>
  async (body: string, holdersOf: HoldersOf, timeZone: string): Promise<EventMessage[] | null> => {
    const records = parse(body);
    return records ? toEvents(records, await holdersOf(records.map((r) => r.pin)), timeZone) : null;
  };
/** The upload tables that carry access events (the access-control dialect's rtlog, the older ATTLOG): read, or null when malformed. */
const ACCESS_LOGS: ReadonlyMap<string, { name: string; read: ReturnType<typeof logOf> }> = new Map([
  ['rtlog', { name: 'rtlog', read: logOf(parseRtlog, rtlogEvents) }],
  ['attlog', { name: 'ATTLOG', read: logOf(parseAttlog, attlogEvents) }],
]);

const ok = (body = 'OK'): Res => ({ status: 200, type: 'text/plain', body });
/** Commands handed out per poll, and the most bytes of command lines in one answer (face photos are large). */
const CLAIM_LIMIT = 10;
const ANSWER_BYTES = 2 * 1024 * 1024;
/** Fastify's own cap: bodies above MAX_POST_BYTES up to this are read and refused with the protocol's answer. */
const ROUTE_BODY_LIMIT = 4 * MAX_POST_BYTES;

export function zkRoutes(ctx: AdapterContext, terminals: Terminals): UnitRoute[] {
  const { opts } = terminals;
  /** What a successful ack says for commands whose success has a text (emergency modes), by command id. */
  const okInfo = new Map<number, string>();

  const admitted = async (req: Req, fn: (dev: Admitted) => Promise<Res>): Promise<Res> => {
    const serial = req.query.SN ?? req.query.sn;
    if (req.body.length > MAX_POST_BYTES) return terminals.refuse('too-large', String(serial ?? '-'), req.ip, `${req.body.length} bytes`);
    const a = await terminals.admit(serial, req.ip);
    if ('refused' in a) return a.refused;
    return fn(a.ok);
  };

  const handshake = (dev: Admitted, q: Req['query']): Res => {
    const pushver = q.pushver ?? '';
    const accessDialect = pushver.startsWith('3') || (q.DeviceType ?? '').toLowerCase() === 'acc';
    terminals.noteFirmware(dev.id, q.pushver ? `PUSH ${pushver}` : '', pushver, q.DeviceType ?? (accessDialect ? 'acc' : 'att'));
    const common = [
      'ErrorDelay=30',
      `Delay=${opts.delaySec}`,
      'TransTimes=00:00;14:05',
      'TransInterval=1',
      'Realtime=1',
      'Encrypt=None',
      'TimeZone=0',
      `MaxPostSize=${MAX_POST_BYTES}`,
    ];
    const lines = accessDialect
      ? [
          'registry=ok',
          `RegistryCode=${dev.serial}`,
          'ServerVersion=3.1.2',
          'ServerName=Gatehouse',
          'PushProtVer=3.1.2',
          `RequestDelay=${opts.delaySec}`,
          'TransTables=User Transaction',
          ...common,
        ]
      : [
          `GET OPTION FROM: ${dev.serial}`,
          'ATTLOGStamp=None',
          'OPERLOGStamp=9999',
          'ATTPHOTOStamp=None',
          'TransFlag=TransData AttLog',
          ...common,
        ];
    return ok(`${lines.join('\n')}\n`);
  };

  /** The holders of the PINs an upload names (one read for the uploads of the same moment). */
  const holders = pinHolders(ctx.db);

  const upload = async (dev: Admitted, req: Req): Promise<Res> => {
    const table = (req.query.table ?? '').toLowerCase();
    const text = req.body.toString('utf8');
    let events: EventMessage[] = [];
    const log = ACCESS_LOGS.get(table);
    if (log) {
      const read = await log.read(text, (pins) => holders(dev.id, pins), opts.timeZone);
      if (!read) return terminals.refuse('malformed', dev.serial, req.ip, log.name);
      events = read;
    } else if (table === 'options') {
      for (const line of bodyLines(text)) {
        const f = parseFields(line, /[,\t]/);
        if (f?.firmver) terminals.noteFirmware(dev.id, f.firmver);
      }
    }
    // rtstate, OPERLOG, options and other tables are taken and not stored.
    // OK only once the lines are written: refused (over the unit's rate) or not written, the terminal
    // is answered an error and uploads them again later (a line stored twice is kept once).
    if (!(await ctx.reports.events(dev.serial, events))) return { status: 503, type: 'text/plain', body: 'ERROR' };
    return ok();
  };

  /**
   * Gives PINs to the credentials the claimed commands put and reads those they delete, for every
   * unit of the moment at once: one insert and one read. Answers each unit's PINs by credential.
   */
  const pinsFor = async (claimed: ReadonlyMap<number, ClaimedCommand[]>): Promise<Map<number, Map<string, number>>> => {
    const pins = new Map<number, Map<string, number>>();
    const put = (deviceId: number, cred: string, pin: number) => {
      const of = pins.get(deviceId) ?? new Map<string, number>();
      pins.set(deviceId, of.set(cred, pin));
    };
    const creds = [...claimed].flatMap(([deviceId, cmds]) =>
      cmds.flatMap((c) => {
        const cred = credentialOf(c.kind, c.payload);
        return cred ? [{ deviceId, ...cred, cred: cred.cred.slice(0, 40) }] : [];
      }),
    );
    const puts = [...new Map(creds.filter((c) => c.put).map((c) => [`${c.deviceId} ${c.cred}`, c])).values()];
    if (puts.length) {
      const rows = await ctx.db
        .insertInto('zk_pin')
        .values(
          puts.map((c) => ({ device_id: c.deviceId, cred: c.cred, account: c.account.slice(0, 20), user_name: c.userName.slice(0, 50) })),
        )
        .onConflict((oc) =>
          oc
            .columns(['device_id', 'cred'])
            .doUpdateSet((eb) => ({ account: eb.ref('excluded.account'), user_name: eb.ref('excluded.user_name') })),
        )
        .returning(['device_id', 'pin', 'cred'])
        .execute();
      for (const r of rows) put(r.device_id, r.cred, r.pin);
    }
    const deletes = creds.filter((c) => !c.put && !pins.get(c.deviceId)?.has(c.cred));
    if (deletes.length) {
      const wanted = new Set(deletes.map((c) => `${c.deviceId} ${c.cred}`));
      const rows = await ctx.db
        .selectFrom('zk_pin')
        .select(['device_id', 'pin', 'cred'])
        .where('device_id', '=', anyInt([...new Set(deletes.map((c) => c.deviceId))]))
        .where('cred', '=', anyText([...new Set(deletes.map((c) => c.cred))]))
        .execute();
      for (const r of rows) if (wanted.has(`${r.device_id} ${r.cred}`)) put(r.device_id, r.cred, r.pin);
    }
    return pins;
  };

  /**
   * The polls of one moment: their due commands claimed (at most CLAIM_LIMIT a unit) and their
   * credentials' PINs, in one claim, one PIN insert and one PIN read for them all (most polls find
   * nothing, and the claim is then the only statement).
   */
  const claimed = tickBatch(
    async (ids: number[]) => {
      const cmds = await claimEach(ctx.db, ids, { instance: ctx.instance, leaseMs: ctx.leaseMs, limit: CLAIM_LIMIT });
      const pins = cmds.size ? await pinsFor(cmds) : new Map<number, Map<string, number>>();
      return new Map([...cmds].map(([id, list]) => [id, { cmds: list, pins: pins.get(id) ?? new Map<string, number>() }]));
    },
    { cmds: [] as ClaimedCommand[], pins: new Map<string, number>() as ReadonlyMap<string, number> },
  );

  const poll = async (dev: Admitted): Promise<Res> => {
    await terminals.seen(dev);
    if (dev.addressId === null) return ok();
    const { cmds, pins } = await claimed(dev.id);
    if (!cmds.length) return ok();
    const out: string[] = [];
    let bytes = 0;
    const later: number[] = [];
    for (const c of cmds) {
      if (bytes > ANSWER_BYTES) {
        later.push(c.id);
        continue;
      }
      const cred = credentialOf(c.kind, c.payload);
      const t = translate(c.kind, c.payload, cred ? (pins.get(cred.cred) ?? null) : null, opts.timeZone);
      if ('ack' in t) {
        ctx.reports.ack(dev.serial, { id: c.id, ...t.ack });
        continue;
      }
      if (t.okInfo) {
        if (okInfo.size > 10_000) okInfo.clear();
        okInfo.set(c.id, t.okInfo);
      }
      t.lines.forEach((line, k) => {
        const text = `C:${lineId(c.id, t.lines.length, k)}:${line}`;
        bytes += text.length + 1;
        out.push(text);
      });
    }
    await unclaim(ctx.db, later);
    return ok(out.length ? `${out.join('\n')}\n` : 'OK');
  };

  const results = async (dev: Admitted, req: Req): Promise<Res> => {
    const read = parseResults(req.body.toString('utf8'));
    if (!read) return terminals.refuse('malformed', dev.serial, req.ip, 'devicecmd');
    for (const r of read) {
      const line = readLineId(r.id);
      if (!line) continue;
      if (r.code !== '0') ctx.reports.ack(dev.serial, { id: line.cmdId, ok: false, info: returnMeaning(r.code) });
      else if (line.last) {
        ctx.reports.ack(dev.serial, { id: line.cmdId, ok: true, info: okInfo.get(line.cmdId) ?? '' });
        okInfo.delete(line.cmdId);
      }
    }
    return ok();
  };

  const route = (method: 'GET' | 'POST', url: string, fn: (dev: Admitted, req: Req) => Promise<Res> | Res): UnitRoute => ({
    method,
    url,
    bodyLimit: ROUTE_BODY_LIMIT,
    handle: (req) =>
      admitted(req, async (dev) => {
        try {
          return await fn(dev, req);
        } catch (e) {
          ctx.log.error(e, 'zk-push: request failed');
          return { status: 503, type: 'text/plain', body: 'ERROR' };
        }
      }),
  });

  return [
    route('GET', '/iclock/cdata', async (dev, req) => {
      const answer = handshake(dev, req.query);
      await terminals.seen(dev);
      return answer;
    }),
    route('POST', '/iclock/cdata', upload),
    route('GET', '/iclock/getrequest', poll),
    route('POST', '/iclock/devicecmd', results),
    route('POST', '/iclock/registry', (dev) => ok(`RegistryCode=${dev.serial}\n`)),
    route('POST', '/iclock/push', (dev, req) => handshake(dev, { ...req.query, pushver: req.query.pushver ?? '3.1.2' })),
    route('GET', '/iclock/ping', async (dev) => {
      await terminals.seen(dev);
      return ok();
    }),
  ];
}
