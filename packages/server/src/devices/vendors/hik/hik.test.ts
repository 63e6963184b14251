import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, type CmdKind, type CommandPayloads } from '@gatehouse/contracts';
import { type HikEmulator, type HikFault, startHikEmulator } from '@gatehouse/device-sim';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../crypto/secret-box.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import type { UnitAdapter, UnitReports } from '../../adapters/contract.ts';
import { claimCommands, unclaim } from '../../claim.ts';
import { CommandQueue } from '../../commands.ts';
import { Inbound } from '../../inbound.ts';
import { News } from '../../news.ts';
import { command } from '../../new-command.ts';
import { hikIsapiAdapter, hikLinks } from './adapter.ts';
import { callbackKey, EVENT_PATH, signUnit } from './routes.ts';

/**
 * A Hikvision terminal end to end over real HTTP (docs/devices/hikvision.md): commands queued the
 * real way, claimed, sent by the hik-isapi adapter to the emulator (digest authentication), acked
 * through the real inbound path; events pushed to the adapter's route and caught up by the event
 * search; the emulator told to misbehave for each fault.
 */

const PASSWORD = 'Terminal-Pass-9';
let t: TestApp;
let emu: HikEmulator;
let server: FastifyInstance;
let adapter: UnitAdapter & { poll(): Promise<void> };
let inbound: Inbound;
let deviceId: number;
let addressId: number;
let serial: string;
const box = new SecretBox(crypto.randomBytes(32));
const errors: unknown[] = [];

/** The dispatcher's part, as devices/dispatcher.ts does it: claim, send through the adapter, unclaim what did not go. */
async function dispatch(ids: number[], resend: { id: number; since: Date }[] = []): Promise<void> {
  const cmds = await claimCommands(t.db, ids, resend, { instance: 'test', leaseMs: 60_000, limit: 100 });
  if (!cmds.length) return;
  const links = await hikLinks(t.db, (s) => box.tryOpen(s), ids);
  const missed = await (adapter.send as NonNullable<UnitAdapter['send']>)(new Map(links.map((l) => [l.id, l])), cmds);
  await unclaim(t.db, missed);
  await inbound.idle();
}

async function queue<K extends CmdKind>(kind: K, payload: CommandPayloads[K], objectKey = `${kind}:${crypto.randomUUID()}`) {
  await t.db.transaction().execute(async (trx) => {
    await new CommandQueue(trx, t.services.doors).add(addressId, [command(kind, payload, { objectKey })]);
  });
  const row = await t.db
    .selectFrom('command')
    .select('id')
    .where('device_id', '=', deviceId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const commandRow = async (id: number) =>
  t.db.selectFrom('command').select(['status', 'info']).where('id', '=', id).executeTakeFirstOrThrow();

async function run<K extends CmdKind>(kind: K, payload: CommandPayloads[K]) {
  const id = await queue(kind, payload);
  await dispatch([deviceId]);
  return commandRow(id);
}

const events = () =>
  t.db
    .selectFrom('access_event')
    .select(['eid', 'type', 'result', 'account', 'card_num', 'unlock_user_name', 'refusal'])
    .where('device_id', '=', deviceId)
    .orderBy('eid')
    .execute();

const until = async (check: () => Promise<boolean> | boolean, what: string) => {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} not reached`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  t = await testApp();
  emu = await startHikEmulator({ port: 0, password: PASSWORD, utcOffsetMin: 480 });
  serial = `HIK${crypto.randomBytes(4).toString('hex')}`;
  const communityId = await t.createCommunity();
  const addr = await t.db
    .insertInto('address')
    .values({ community_id: communityId, address: 'Gate H', name: 'Gate H', type: 0, is_villa: 0, hardware: 15, devstate: 1, reg_no: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  addressId = addr.id;
  const dev = await t.db
    .insertInto('device')
    .values({
      serial,
      name: 'Hik gate',
      is_villa: 0,
      hardware: 15,
      note: '',
      address_id: addressId,
      community_id: communityId,
      secret_hash: '',
      unit_kind: 'hik-isapi',
      vendor_host: emu.host,
      vendor_port: emu.port,
      vendor_user: 'admin',
      vendor_secret_box: box.seal(PASSWORD),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  deviceId = dev.id;

  server = Fastify();
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  inbound = new Inbound(
    t.db,
    (id, since) => void dispatch([id], [{ id, since }]).catch((e: unknown) => errors.push(e)),
    (e) => errors.push(e),
    new News((e) => errors.push(e)),
  );
  const reports: UnitReports = {
    ack: (s, a) => inbound.ack(s, a),
    event: (s, e) => inbound.event(s, e),
    status: (s, st) => inbound.status(s, st),
    events: (s, list) => inbound.eventBatch(s, list),
    heartbeat: (s, b) => inbound.heartbeat(s, b),
  };
  // The route is served before the adapter exists: the address is needed for its settings.
  let routes: ReturnType<NonNullable<UnitAdapter['routes']>> = [];
  server.post(EVENT_PATH, async (req, reply) => {
    const r = routes[0];
    if (!r) return reply.code(503).send();
    const a = await r.handle({
      query: req.query as Record<string, string>,
      headers: req.headers,
      body: (req.body as Buffer | undefined) ?? Buffer.alloc(0),
      ip: req.ip,
    });
    return reply.code(a.status).type(a.type).send(a.body);
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  adapter = hikIsapiAdapter({ callbackUrl: url, pollMs: 50, timeoutMs: 1500, catchUpPages: 2 })({
    db: t.db,
    log: pino({ level: 'silent' }),
    reports,
    unseal: (s) => box.tryOpen(s),
    dispatch: (ids) => void dispatch([...ids]).catch((e: unknown) => errors.push(e)),
    leaseMs: 60_000,
    instance: 'test',
  }) as UnitAdapter & { poll(): Promise<void> };
  routes = adapter.routes?.() ?? [];
});

afterAll(async () => {
  await adapter?.stop?.();
  await inbound?.idle();
  inbound?.stop();
  await server?.close();
  await emu?.close();
  await t?.close();
});

beforeEach(() => {
  emu.misbehave(null);
  expect(errors).toEqual([]);
});

describe('hik-isapi adapter against the emulator', () => {
  it('card.put makes the person (local-time validity, plan) and the card; card.delete removes both', async () => {
    const put = await run(CMD_KIND.cardPut, {
      cardId: '100200300',
      account: '13900001111',
      userName: 'Li Lei',
      validfrom: '2026-01-01T00:00:00.000Z',
      validto: '2027-01-01T00:00:00.000Z',
      schedules: [5],
    });
    expect(put).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(emu.state.cards.get('100200300')).toEqual({ employeeNo: '13900001111', cardNo: '100200300', cardType: 'normalCard' });
    const user = emu.state.users.get('13900001111');
    expect(user?.name).toBe('Li Lei');
    expect(user?.Valid).toMatchObject({ beginTime: '2026-01-01T08:00:00', endTime: '2027-01-01T08:00:00' });
    expect(user?.RightPlan).toEqual([{ doorNo: 1, planTemplateNo: '6' }]);

    const del = await run(CMD_KIND.cardDelete, { cardId: '100200300' });
    expect(del).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(emu.state.cards.has('100200300')).toBe(false);
    expect(emu.state.users.has('13900001111')).toBe(false);
  });

  it('a person keeps what else is theirs: deleting one of two cards leaves the other and the person', async () => {
    for (const cardId of ['A1', 'A2']) await run(CMD_KIND.cardPut, { cardId, account: '13900002222', userName: 'Han Mei' });
    expect((await run(CMD_KIND.cardDelete, { cardId: 'A1' })).status).toBe(CMD_STATUS.success);
    expect(emu.state.cards.has('A2')).toBe(true);
    expect(emu.state.users.has('13900002222')).toBe(true);
    expect(await run(CMD_KIND.cardDelete, { cardId: 'A9' })).toEqual({ status: CMD_STATUS.success, info: 'absent' });
  });

  it('face.put uploads the photo (multipart) on the holder; face.delete removes it and the person', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000), Buffer.from([0xff, 0xd9])]);
    const put = await run(CMD_KIND.facePut, {
      faceId: 77,
      account: '13900003333',
      userName: 'Wei',
      imgBase64: jpeg.toString('base64'),
      status: '1',
    });
    expect(put).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(emu.state.faces.get('13900003333')).toMatchObject({ FPID: '13900003333', bytes: jpeg.length });
    // Put again (a new photo): replaced, not refused as a second face.
    expect(
      (
        await run(CMD_KIND.facePut, {
          faceId: 77,
          account: '13900003333',
          userName: 'Wei',
          imgBase64: jpeg.toString('base64'),
          status: '1',
        })
      ).status,
    ).toBe(CMD_STATUS.success);
    expect(await run(CMD_KIND.faceDelete, { faceId: 77 })).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(emu.state.faces.has('13900003333')).toBe(false);
    expect(emu.state.users.has('13900003333')).toBe(false);
  });

  it('tables, emergency modes, remote open, reset; kinds a terminal cannot do are acked unsupported', async () => {
    const sched = await run(CMD_KIND.scheduleTable, {
      timeZone: 'Asia/Shanghai',
      schedules: [
        { id: 3, name: 'Office', week: [['08:00-12:00', '13:00-24:00'], [], [], [], [], [], []], holidayMode: 0, holidayWeekday: null },
      ],
    });
    expect(sched.status).toBe(CMD_STATUS.success);
    expect(emu.state.templates.get(4)).toMatchObject({ weekPlanNo: 4, holidayGroupNo: '1', templateName: 'Office' });
    expect(emu.state.weekPlans.get(4)).toMatchObject({
      WeekPlanCfg: [
        { week: 'Monday', id: 1, TimeSegment: { beginTime: '08:00:00', endTime: '12:00:00' } },
        { week: 'Monday', id: 2, TimeSegment: { beginTime: '13:00:00', endTime: '23:59:59' } },
      ],
    });
    const hol = await run(CMD_KIND.holidayTable, { holidays: [{ name: 'National day', from: '2026-10-01', to: '2026-10-07' }] });
    expect(hol.status).toBe(CMD_STATUS.success);
    expect(emu.state.holidayPlans.get(1)).toMatchObject({ beginDate: '2026-10-01', endDate: '2026-10-07' });
    expect(emu.state.holidayGroups.get(1)).toMatchObject({ HolidayPlanList: [{ id: 1 }] });

    const since = new Date().toISOString();
    expect(await run(CMD_KIND.emergencyMode, { mode: 'lockdown', reason: 'drill', allow: [], since })).toEqual({
      status: CMD_STATUS.success,
      info: 'mode:lockdown',
    });
    expect(emu.state.door).toBe('alwaysClose');
    // Always closed: the terminal refuses a remote open with its own reason.
    const refused = await run(CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' });
    expect(refused.status).toBe(CMD_STATUS.failed);
    expect(refused.info).toContain('doorAlwaysClosed');
    expect((await run(CMD_KIND.emergencyMode, { mode: 'allOpen', reason: 'fire', allow: [], since })).info).toBe('mode:allOpen');
    expect(emu.state.door).toBe('alwaysOpen');
    expect((await run(CMD_KIND.emergencyMode, { mode: 'normal', reason: '', allow: [], since })).info).toBe('mode:normal');
    expect(emu.state.door).toBe('normal');
    const opens = emu.state.opens;
    expect((await run(CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' })).status).toBe(CMD_STATUS.success);
    expect(emu.state.opens).toBe(opens + 1);

    expect(await run(CMD_KIND.qrKey, { alg: 'Ed25519', publicKey: 'x', publicKeyPem: 'x' })).toEqual({
      status: CMD_STATUS.success,
      info: 'unsupported',
    });
    expect((await run(CMD_KIND.groupTable, { groups: [] })).info).toBe('unsupported');

    await run(CMD_KIND.cardPut, { cardId: 'R1', account: '13900004444' });
    expect(emu.state.cards.size).toBeGreaterThan(0);
    expect(await run(CMD_KIND.reset, {})).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(emu.state.cards.size).toBe(0);
    expect(emu.state.users.size).toBe(0);
  });

  const faults: [HikFault, CmdKind, string][] = [
    ['garbage', CMD_KIND.cardPut, 'unreadable answer'],
    ['errorBody', CMD_KIND.cardPut, 'Device Busy / deviceBusy'],
    ['wrongRealm', CMD_KIND.cardPut, 'Unauthorized'],
    ['timeout', CMD_KIND.cardPut, 'timeout'],
    ['duplicateEmployee', CMD_KIND.cardPut, 'employeeNoAlreadyExist'],
    ['refusePhoto', CMD_KIND.facePut, 'modelingFailed'],
  ];
  it.each(faults)(
    'a terminal that misbehaves (%s): the command fails with its reason, the next one succeeds',
    async (fault, kind, reason) => {
      emu.misbehave(fault, 'UserInfo'); // persons only: the door open queued after it is not affected
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]).toString('base64');
      const payload =
        kind === CMD_KIND.facePut
          ? { faceId: 5, account: '13900005555', userName: 'F', imgBase64: jpeg, status: '1' }
          : { cardId: `F-${fault}`, account: '13900005555' };
      const id = await queue(kind, payload as never);
      const other = await queue(CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' });
      await dispatch([deviceId]);
      const row = await commandRow(id);
      expect(row.status).toBe(CMD_STATUS.failed);
      expect(row.info).toContain(reason);
      expect(row.info).not.toContain(PASSWORD);
      expect(await commandRow(other)).toEqual({ status: CMD_STATUS.success, info: '' });
      emu.misbehave(null);
      expect((await run(kind, payload as never)).status).toBe(CMD_STATUS.success);
    },
  );

  it('events: the listening host is set, a pushed swipe is stored once, a gap is caught up by the search, nothing twice', async () => {
    await run(CMD_KIND.cardPut, { cardId: 'E1', account: '13900006666', userName: 'Eve' });
    await adapter.poll();
    expect(emu.state.httpHost?.url).toMatch(/^\/hik\/events\?unit=HIK[0-9a-f]+&sig=/);
    const before = emu.posted.ok;
    await emu.swipe('E1');
    expect(emu.posted.ok).toBe(before + 1);
    await inbound.idle();
    await until(async () => (await events()).some((e) => e.card_num === 'E1'), 'pushed event');
    const pushed = (await events()).filter((e) => e.card_num === 'E1');
    expect(pushed).toEqual([
      {
        eid: expect.stringMatching(/^hik-\d+$/),
        type: 1,
        result: 0,
        account: '13900006666',
        card_num: 'E1',
        unlock_user_name: 'Eve',
        refusal: '',
      },
    ]);

    // A gap: the terminal cannot post (the server was away); events pile up in its log.
    const host = emu.state.httpHost;
    emu.state.httpHost = null;
    await emu.swipe('NOPE');
    await emu.alarm('forced');
    for (let i = 0; i < 70; i++) await emu.swipe('E1'); // more than two pages of 30
    emu.state.httpHost = host;
    await emu.swipe('E1'); // pushed, but after the gap
    await inbound.idle();
    for (let i = 0; i < 3; i++) await adapter.poll(); // two pages a round
    await inbound.idle();
    const all = await events();
    expect(all.length).toBe(emu.state.events.filter((e) => !(e.major === 5 && e.minor === 0x1b)).length);
    expect(new Set(all.map((e) => e.eid)).size).toBe(all.length);
    expect(all.find((e) => e.card_num === 'NOPE')).toMatchObject({ type: 13, result: 1 });
    const alarms = await t.db.selectFrom('alarm').select(['kind']).where('device_id', '=', deviceId).execute();
    expect(alarms.map((a) => a.kind)).toContain('forced');
    const pos = await t.db.selectFrom('hik_event_position').select('serial_no').where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    expect(Number(pos.serial_no)).toBe(emu.state.events.length);

    // Catching up again stores nothing twice.
    await adapter.poll();
    await inbound.idle();
    expect((await events()).length).toBe(all.length);
  });

  it('the event route refuses a wrong signature and stores nothing', async () => {
    const n = (await events()).length;
    const res = await server.inject({
      method: 'POST',
      url: `${EVENT_PATH}?unit=${serial}&sig=${'x'.repeat(32)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        eventType: 'AccessControllerEvent',
        dateTime: new Date().toISOString(),
        AccessControllerEvent: { majorEventType: 5, subEventType: 1, serialNo: 999_999, cardNo: 'FORGED' },
      }),
    });
    expect(res.statusCode).toBe(401);
    await inbound.idle();
    expect((await events()).length).toBe(n);
  });

  it('a multipart push (event JSON with its picture, as camera terminals post) is read like a JSON one', async () => {
    const key = await callbackKey(t.db);
    const form = new FormData();
    const time = new Date().toISOString();
    form.set(
      'AccessControllerEvent',
      JSON.stringify({
        eventType: 'AccessControllerEvent',
        dateTime: time,
        AccessControllerEvent: { majorEventType: 5, subEventType: 0x4b, serialNo: 900_001, employeeNoString: '13900009999', name: 'Pic' },
      }),
    );
    form.set('Picture', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }), 'Picture.jpg');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const res = await server.inject({
      method: 'POST',
      url: `${EVENT_PATH}?unit=${serial}&sig=${signUnit(key, serial)}`,
      headers: { 'content-type': req.headers.get('content-type') as string },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    await inbound.idle();
    expect((await events()).find((e) => e.eid === 'hik-900001')).toMatchObject({ type: 5, result: 0, account: '13900009999' });
    // Garbage is refused, not stored.
    const bad = await server.inject({
      method: 'POST',
      url: `${EVENT_PATH}?unit=${serial}&sig=${signUnit(key, serial)}`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an unreachable terminal goes offline, keeps its commands pending, and gets them when it answers again', async () => {
    await adapter.poll();
    await inbound.idle();
    expect((await t.db.selectFrom('device').select('online').where('id', '=', deviceId).executeTakeFirstOrThrow()).online).toBe(true);
    await emu.goOffline();
    const id = await queue(CMD_KIND.cardPut, { cardId: 'OFF1', account: '13900007777' });
    await dispatch([deviceId]);
    expect((await commandRow(id)).status).toBe(CMD_STATUS.notSent);
    await until(
      async () => !(await t.db.selectFrom('device').select('online').where('id', '=', deviceId).executeTakeFirstOrThrow()).online,
      'offline',
    );
    // In back-off: a dispatch does not even try.
    await dispatch([deviceId]);
    expect((await commandRow(id)).status).toBe(CMD_STATUS.notSent);

    await emu.goOnline();
    await until(async () => {
      await adapter.poll();
      await inbound.idle();
      return (await commandRow(id)).status === CMD_STATUS.success;
    }, 'resent after coming back');
    expect(emu.state.cards.has('OFF1')).toBe(true);
    expect(emu.state.httpHost).not.toBeNull();
  });
});
