import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ACCESS_TYPE, type LiveAccess, type LiveDevice, ROLE } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCESS_BATCH, LIVE_CHANNEL } from '../../live/event-writer.ts';
import { type LiveCursor, parseLiveId } from '../../live/hub.ts';
import { bindNewDevice, until } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { readStream, type StreamReader } from '../../test/sse.ts';

const accessEvent = () => ({
  kind: 'access' as const,
  eid: crypto.randomUUID(),
  time: new Date().toISOString(),
  type: ACCESS_TYPE.card,
  result: 0,
  account: '13900000001',
  userName: 'Live tester',
  cardNum: 'AB12',
});

/** The live stream: delivery from a simulated unit, scope and menus, resume by Last-Event-ID. */
describe('live stream', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let communityA: number;
  let communityB: number;
  let simA: SimulatedDevice;
  let simB: SimulatedDevice;
  const streams: StreamReader[] = [];
  const prefix = `ghl${crypto.randomBytes(3).toString('hex')}`;
  const open = async (token: string, last?: string | null) => {
    const s = await readStream(base, token, last);
    streams.push(s);
    return s;
  };
  const accessOf = (s: StreamReader) => s.messages.filter((m) => m.event === 'access').map((m) => JSON.parse(m.data) as LiveAccess);

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ token: admin } = await t.signIn({ roleId: ROLE.admin }));
    communityA = await t.createCommunity();
    communityB = await t.createCommunity();
    const a = await bindNewDevice(t, admin, communityA);
    const b = await bindNewDevice(t, admin, communityB);
    const url = t.services.devices.url as string;
    simA = await startSimulatedDevice({ url, prefix, serial: a.serial, secret: a.secret });
    simB = await startSimulatedDevice({ url, prefix, serial: b.serial, secret: b.secret });
    await t.services.devices.idle();
    await t.services.live.events.idle();
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await simA?.stop();
    await simB?.stop();
    await t?.close();
  });

  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/live/stream`);
    expect(res.status).toBe(401);
  });

  it('delivers a unit’s access event to a manager of its community, not to another community nor to a role without the menu', async () => {
    const managerA = await t.signIn({ roleId: ROLE.propertySupervisor });
    await t.db.insertInto('account_community').values({ account_id: managerA.id, community_id: communityA }).execute();
    const managerB = await t.signIn({ roleId: ROLE.propertySupervisor });
    await t.db.insertInto('account_community').values({ account_id: managerB.id, community_id: communityB }).execute();
    // An engineer of community A: no access-log menu.
    const engineer = await t.signIn({ roleId: ROLE.engineer });
    await t.db.insertInto('community_engineer').values({ account_id: engineer.id, community_id: communityA }).execute();

    const sA = await open(managerA.token);
    const sB = await open(managerB.token);
    const sE = await open(engineer.token);
    const sAdmin = await open(admin);
    expect(sA.status).toBe(200);
    await Promise.all([sA, sB, sE, sAdmin].map((s) => s.waitFor(() => s.text().includes(': kinds'), 10_000, 'stream opened')));

    const e = accessEvent();
    const sentAt = performance.now();
    await simA.emit(e);
    await sA.waitFor((m) => m.some((x) => x.event === 'access'), 15_000, 'access event on the manager’s stream');
    const got = accessOf(sA)[0] as LiveAccess;
    const latencyMs = (sA.messages.find((m) => m.event === 'access')?.receivedAt ?? 0) - sentAt;
    console.info(`live: unit → browser stream latency ${latencyMs.toFixed(0)} ms`);
    expect(got).toMatchObject({ communityId: communityA, account: e.account, unlockUserName: e.userName, CARD_NUM: e.cardNum, result: 0 });
    const row = await t.db.selectFrom('access_event').select('id').where('eid', '=', e.eid).executeTakeFirstOrThrow();
    expect(got.id).toBe(Number(row.id));
    await sAdmin.waitFor((m) => m.some((x) => x.event === 'access'), 15_000, 'access event on the admin stream');

    // The other community's event reaches manager B; by then A's event would have too.
    await simB.emit(accessEvent());
    await sB.waitFor((m) => m.some((x) => x.event === 'access'), 15_000, 'B’s own event');
    await sAdmin.waitFor((m) => m.filter((x) => x.event === 'access').length === 2, 15_000, 'both events on the admin stream');
    expect(accessOf(sB).map((x) => x.communityId)).toEqual([communityB]);
    expect(accessOf(sA).map((x) => x.communityId)).toEqual([communityA]);
    // The engineer holds the device menus but not the access log: device news yes, access events never.
    expect(accessOf(sE)).toEqual([]);
    expect(sE.text()).toMatch(/: kinds [a-z,]*device/);
    expect(sE.text()).not.toMatch(/: kinds [a-z,]*access/);
  }, 60_000);

  it('resumes after Last-Event-ID without losing events, in id order', async () => {
    const first = await open(admin);
    await first.waitFor(() => first.text().includes(': kinds'), 10_000, 'stream opened');
    await simA.emit(accessEvent());
    await first.waitFor((m) => m.some((x) => x.event === 'access'), 15_000, 'first event');
    const last = first.lastId();
    // An access event's id: its outbox row and its place in the row (a row holds the events of one write).
    expect(last).toMatch(/^\d+\.1$/);
    // every stream closed (the earlier test's too)
    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.ended));
    const hub = t.services.live.hub;
    await until(async () => hub.size === 0, 5_000, 'stream detached');
    const framesBefore = hub.stats.frames;

    // While no stream is open: three events, a device going offline and back.
    const missed = [accessEvent(), accessEvent(), accessEvent()];
    for (const e of missed) await simA.emit(e);
    await simB.stop();
    await simB.start();
    await t.services.devices.idle();
    await until(
      async () =>
        (await t.db
          .selectFrom('access_event')
          .select('id')
          .where('eid', '=', missed[2]?.eid ?? '')
          .executeTakeFirst()) !== undefined,
      15_000,
      'stored',
    );
    await t.services.live.events.idle();
    // The hub kept only the newest id meanwhile (no rows read, no frames built for nobody).
    const newest = async () =>
      Number(
        (
          await t.db
            .selectFrom('live_event')
            .select((eb) => eb.fn.max('id').as('m'))
            .executeTakeFirst()
        )?.m ?? 0,
      );
    await until(async () => hub.last.id === (await newest()), 10_000, 'newest id kept');
    expect(hub.stats.frames).toBe(framesBefore);

    const again = await open(admin, last);
    await again.waitFor((m) => accessOf(again).length >= 3 && m.filter((x) => x.event === 'device').length >= 2, 15_000, 'replayed events');
    expect(accessOf(again).map((a) => a.account)).toEqual(missed.map((e) => e.account));
    const at = again.messages.map((m) => parseLiveId(m.id ?? '') as LiveCursor);
    expect(at[0]?.id).toBe((parseLiveId(last ?? '')?.id ?? 0) + 1);
    const order = (a: LiveCursor, b: LiveCursor) => a.id - b.id || a.n - b.n;
    expect([...at].sort(order)).toEqual(at);
    expect(new Set(again.messages.map((m) => m.id)).size).toBe(at.length);
    const devices = again.messages.filter((m) => m.event === 'device').map((m) => JSON.parse(m.data) as LiveDevice);
    expect(devices.map((d) => d.online)).toEqual([false, true]);
    // And live after the replay.
    await simA.emit(accessEvent());
    await again.waitFor(() => accessOf(again).length === 4, 15_000, 'live after replay');
  }, 60_000);

  it('sends a row of several access events as a frame each, and resumes inside the row', async () => {
    const s = await open(admin);
    await s.waitFor(() => s.text().includes(': kinds'), 10_000, 'stream opened');
    const shown = [1, 2, 3].map(
      (i): LiveAccess => ({
        id: 900_000 + i,
        communityname: 'A',
        time: '2026/11/29 10:00:0' + i,
        addressName: 'Gate',
        unlockUserName: `Burst ${i}`,
        type: ACCESS_TYPE.card,
        result: 0,
        account: `1390000090${i}`,
        CARD_NUM: `B${i}`,
        CARD_MODE: 0,
        reason: '',
        communityId: communityA,
        at: new Date().toISOString(),
      }),
    );
    // The row as the event writer stores one write's access events of a community, announced the same way.
    const { rows } = await sql<{ id: string }>`
      with r as (insert into live_event (kind, community_id, data) values (${ACCESS_BATCH}, ${communityA}, ${JSON.stringify(shown)}::jsonb) returning id)
      select id::text as id, pg_notify(${LIVE_CHANNEL}, id::text) from r`.execute(t.db);
    const row = rows[0]?.id;
    await s.waitFor(() => accessOf(s).filter((a) => a.id > 900_000).length === 3, 15_000, 'the three events');
    const burst = s.messages.filter((m) => m.event === 'access' && JSON.parse(m.data).id > 900_000);
    expect(burst.map((m) => m.id)).toEqual([`${row}.1`, `${row}.2`, `${row}.3`]);
    expect(burst.map((m) => (JSON.parse(m.data) as LiveAccess).account)).toEqual(shown.map((a) => a.account));

    // Resumed after the first: the other two only, then live.
    const rest = await open(admin, `${row}.1`);
    await rest.waitFor(() => accessOf(rest).length >= 2, 15_000, 'the rest of the row');
    expect(accessOf(rest).map((a) => a.account)).toEqual(shown.slice(1).map((a) => a.account));
    // Resumed after the last (or the whole row): nothing of it again.
    const after = await open(admin, `${row}.3`);
    const whole = await open(admin, String(row));
    await simA.emit(accessEvent());
    for (const x of [after, whole]) {
      await x.waitFor(() => accessOf(x).length >= 1, 15_000, 'the next event');
      expect(accessOf(x).map((a) => a.account)).toEqual(['13900000001']);
    }
    for (const x of [s, rest, after, whole]) x.close();
    await Promise.all([s, rest, after, whole].map((x) => x.ended));
  }, 60_000);

  it('ends every stream when the server closes (browsers resume by Last-Event-ID)', async () => {
    const s = await open(admin);
    await s.waitFor(() => s.text().includes(': kinds'), 10_000, 'stream opened');
    expect(t.services.live.hub.size).toBeGreaterThan(0);
    t.services.live.hub.endStreams();
    await s.ended;
    expect(t.services.live.hub.size).toBe(0);
  });
});
