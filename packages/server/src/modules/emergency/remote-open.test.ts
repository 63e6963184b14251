import crypto from 'node:crypto';
import { ACCESS_TYPE, CMD_STATUS, DOOR_OPEN_PER_MINUTE, DOOR_OPEN_WAIT_MS, type DoorOpenAnswer } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';

/** Remote open of one door: answered with the unit's result, audited with the operator. */
describe('remote open', () => {
  let t: TestApp;
  let admin: string;
  let staff: { id: number; token: string };
  let staffRegNo: string;
  let community: number;
  let unit: number;
  let sim: SimulatedDevice;
  const prefix = `ghr${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix, WEBHOOK_POLL_MS: 0 } });
    ({ token: admin } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
    staffRegNo = `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    staff = await t.signIn({ roleId: 5, regNo: staffRegNo, name: 'Guard' });
    await t.db.insertInto('account_community').values({ account_id: staff.id, community_id: community }).execute();
    const d = await bindNewDevice(t, admin, community);
    unit = (await t.db.selectFrom('device').select('address_id').where('serial', '=', d.serial).executeTakeFirstOrThrow())
      .address_id as number;
    sim = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: d.serial, secret: d.secret });
    await until(
      async () => (await t.db.selectFrom('device').select('online').where('serial', '=', d.serial).executeTakeFirstOrThrow()).online,
      20_000,
      'unit online',
    );
  }, 60_000);

  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  it('opens: the unit answers, reports a remote access event naming the operator; the op log names the operator', async () => {
    const res = await t.post<DoorOpenAnswer>('/door/open', { addressId: unit }, staff.token);
    expect(res.body).toMatchObject({ status: 200, content: { result: 'opened' }, msgs: ['The door opened'] });
    expect(sim.state.remoteOpens).toEqual([staffRegNo]);
    const cmd = await t.db
      .selectFrom('command')
      .select(['status', 'priority'])
      .where('id', '=', res.body.content.commandId)
      .executeTakeFirstOrThrow();
    expect(cmd).toMatchObject({ status: CMD_STATUS.success, priority: 20 });
    await until(
      async () =>
        !!(await t.db
          .selectFrom('access_event')
          .select('id')
          .where('type', '=', ACCESS_TYPE.remote)
          .where('account', '=', staffRegNo)
          .executeTakeFirst()),
      10_000,
      'remote access event stored',
    );
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ regno: staffRegNo, community_id: community });
    expect(log?.content).toContain('op.door.open');
  });

  it("answers the unit's failure", async () => {
    sim.failureRate = 1;
    try {
      const res = await t.post<DoorOpenAnswer>('/door/open', { addressId: unit }, staff.token);
      expect(res.body).toMatchObject({ status: 200, content: { result: 'failed', info: 'simulated failure' } });
      expect(res.body.msgs[0]).toContain('could not open');
    } finally {
      sim.failureRate = 0;
    }
  });

  it('an open the unit got but answered late is told as "may have opened", never as withdrawn, and is not sent again', async () => {
    sim.ackDelayMs = DOOR_OPEN_WAIT_MS + 1_500;
    try {
      const res = await t.post<DoorOpenAnswer>('/door/open', { addressId: unit }, staff.token);
      expect(res.body.content.result).toBe('noAnswer');
      expect(res.body.msgs[0]).toContain('the door may have opened');
      // It reached the unit (which opened) and is cancelled so that no lease sends it again.
      await until(() => sim.state.remoteOpens.length === 2, 10_000, 'the unit opened');
      const row = await t.db
        .selectFrom('command')
        .select(['status', 'info'])
        .where('id', '=', res.body.content.commandId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: CMD_STATUS.cancelled, info: 'door.noAnswer' });
    } finally {
      sim.ackDelayMs = 0;
    }
  });

  it('limits remote opens per operator (429 with Retry-After)', async () => {
    const guard = await t.signIn({ roleId: 5, name: 'Busy guard' });
    await t.db.insertInto('account_community').values({ account_id: guard.id, community_id: community }).execute();
    for (let i = 0; i < DOOR_OPEN_PER_MINUTE; i++)
      expect((await t.post<DoorOpenAnswer>('/door/open', { addressId: unit }, guard.token)).body.status).toBe(200);
    const refused = await t.post('/door/open', { addressId: unit }, guard.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.body.msgs[0]).toMatch(/^Too many remote opens, please try again in \d+ seconds$/);
    expect(String(refused.headers['retry-after'])).toMatch(/^\d+$/);
    // Another operator is not affected.
    expect((await t.post<DoorOpenAnswer>('/door/open', { addressId: unit }, staff.token)).body.status).toBe(200);
  });

  it('refuses an offline unit (409), a unit without device (400), a caller without the door-unit menu (403)', async () => {
    await sim.stop();
    await until(
      async () => !(await t.db.selectFrom('device').select('online').where('address_id', '=', unit).executeTakeFirstOrThrow()).online,
      10_000,
      'unit offline',
    );
    const offline = await t.post('/door/open', { addressId: unit }, staff.token);
    expect(offline.body).toMatchObject({ status: 409, msgs: ['The door unit is offline; it cannot be opened remotely'] });
    const bare = await t.db
      .insertInto('address')
      .values({
        community_id: community,
        address: `Gate ${Date.now()}`,
        name: 'Bare',
        type: 0,
        is_villa: 0,
        hardware: 0,
        devstate: 0,
        reg_no: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await t.post('/door/open', { addressId: bare.id }, staff.token)).body.status).toBe(400);
    const { token: resident } = await t.signIn({ roleId: 7 });
    expect((await t.post('/door/open', { addressId: unit }, resident)).body.status).toBe(403);
    await sim.start();
  });
});
