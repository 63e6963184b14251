import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, type EmergencyRow } from '@gatehouse/contracts';
import { SimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';

/**
 * A community's mode also goes out as one retained broadcast on its community topic (docs/device-protocol.md
 * §10): a unit that never applies its own copy of the command still takes the mode, a unit with a mode of
 * its own keeps it, and a unit of another community hears nothing. The per-unit commands are still answered.
 */
describe('emergency modes: the community broadcast', () => {
  let t: TestApp;
  let admin: string;
  let mine: number;
  let other: number;
  const prefix = `ghb${crypto.randomBytes(3).toString('hex')}`;
  const sims: SimulatedDevice[] = [];
  let deaf: SimulatedDevice;
  let own: SimulatedDevice;
  let plain: SimulatedDevice;
  let elsewhere: SimulatedDevice;
  let ownUnit: number;

  const start = async (communityId: number) => {
    const d = await bindNewDevice(t, admin, communityId);
    const sim = new SimulatedDevice({ url: t.services.devices.url as string, prefix, serial: d.serial, secret: d.secret });
    await sim.start();
    sims.push(sim);
    return sim;
  };
  const addressOf = async (serial: string) =>
    (await t.db.selectFrom('device').select('address_id').where('serial', '=', serial).executeTakeFirstOrThrow()).address_id as number;
  const modeCommands = (serial: string) =>
    t.db
      .selectFrom('command as c')
      .innerJoin('device as d', 'd.id', 'c.device_id')
      .select(['c.id', 'c.status', 'c.info'])
      .where('d.serial', '=', serial)
      .where('c.kind', '=', CMD_KIND.emergencyMode)
      .orderBy('c.id')
      .execute();
  const subscribed = (sim: SimulatedDevice) => sim.followedCommunity !== null;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix, WEBHOOK_POLL_MS: 0 } });
    ({ token: admin } = await t.signIn({ roleId: 1 }));
    mine = await t.createCommunity();
    other = await t.createCommunity();
    deaf = await start(mine);
    own = await start(mine);
    plain = await start(mine);
    elsewhere = await start(other);
    ownUnit = await addressOf(own.serial);
    // Each unit has its profile (its community), and the broker granted it its community's topic.
    await until(() => sims.every(subscribed), 30_000, 'community topics followed');
    expect(sims.map((s) => s.followedCommunity)).toEqual([mine, mine, mine, other]);
    await Promise.all(sims.map((s) => s.settled()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t?.close();
  });

  it('a lockdown reaches a unit through the broadcast though it never applies its own command; a unit with its own mode keeps it', async () => {
    const allOpen = await t.post<EmergencyRow>(
      '/emergency/setMode',
      { communityId: mine, addressId: ownUnit, mode: 'allOpen', reason: 'Fire drill at the gate' },
      admin,
    );
    expect(allOpen.body.status).toBe(200);
    await until(() => own.state.emergency.mode === 'allOpen', 10_000, 'the unit in its own mode');

    // The deaf unit receives its emergency.mode command but neither applies nor answers it.
    deaf.ignoreOnce = (cmd) => cmd.kind === CMD_KIND.emergencyMode;
    const res = await t.post<EmergencyRow & { queued: number }>(
      '/emergency/setMode',
      { communityId: mine, mode: 'lockdown', reason: 'Intruder on site' },
      admin,
    );
    expect(res.body.status).toBe(200);
    // Two units follow the community (the third has its own mode): two commands, one broadcast.
    expect(res.body.content.queued).toBe(2);
    await until(() => deaf.state.emergency.mode === 'lockdown', 10_000, 'the deaf unit in lockdown');
    expect(deaf.broadcasts.applied).toBe(1);
    expect(deaf.state.emergency.allow.size).toBeGreaterThan(0);
    await until(() => plain.state.emergency.mode === 'lockdown', 10_000, 'the plain unit in lockdown');
    // The unit's own mode stands: it heard the broadcast and left it.
    await until(() => own.broadcasts.received >= 1, 10_000, 'broadcast heard');
    await own.settled();
    expect(own.state.emergency.mode).toBe('allOpen');
    expect(own.broadcasts.applied).toBe(0);
    // Another community's unit hears nothing.
    expect(elsewhere.broadcasts.received).toBe(0);
    expect(elsewhere.state.emergency.mode).toBe('normal');

    // The plain unit's own command is answered as before, naming the mode; the deaf unit's stays sent.
    await until(async () => (await modeCommands(plain.serial)).at(-1)?.status === CMD_STATUS.success, 10_000, 'plain ack');
    expect((await modeCommands(plain.serial)).at(-1)?.info).toBe('mode:lockdown');
    expect((await modeCommands(deaf.serial)).at(-1)?.status).toBe(CMD_STATUS.sent);

    // Lifting the community's mode: the broadcast says normal; the unit's own all-open stays.
    const lifted = await t.post('/emergency/lift', { id: res.body.content.id, reason: 'All clear' }, admin);
    expect(lifted.body.status).toBe(200);
    await until(() => deaf.state.emergency.mode === 'normal' && plain.state.emergency.mode === 'normal', 10_000, 'normal again');
    await until(() => own.broadcasts.received >= 2, 10_000, 'second broadcast heard');
    await own.settled();
    expect(own.state.emergency.mode).toBe('allOpen');

    // Its own mode lifted, the unit follows the community again: the next broadcast moves it.
    await t.post('/emergency/lift', { id: allOpen.body.content.id }, admin);
    await until(() => own.state.emergency.mode === 'normal', 10_000, 'own mode lifted');
    await own.settled();
    own.ignoreOnce = (cmd) => cmd.kind === CMD_KIND.emergencyMode;
    const again = await t.post<EmergencyRow>('/emergency/setMode', { communityId: mine, mode: 'lockdown', reason: 'Again' }, admin);
    await until(() => own.state.emergency.mode === 'lockdown', 10_000, 'the unit follows the community');
    await t.post('/emergency/lift', { id: again.body.content.id }, admin);
    await until(() => sims.every((s) => s.state.emergency.mode === 'normal'), 10_000, 'all normal');
  });

  it('a unit that subscribes later gets the community mode retained, and an older broadcast never undoes a newer command', async () => {
    const res = await t.post<EmergencyRow>('/emergency/setMode', { communityId: mine, mode: 'lockdown', reason: 'Late' }, admin);
    expect(res.body.status).toBe(200);
    await until(() => plain.state.emergency.mode === 'lockdown', 10_000, 'lockdown');
    await t.post('/emergency/lift', { id: res.body.content.id }, admin);
    await until(() => plain.state.emergency.mode === 'normal', 10_000, 'normal');
    await plain.settled();
    // Reconnecting subscribes again: the broker hands the retained "normal" broadcast, older than the
    // unit's own last emergency command, so it is not applied and nothing changes.
    const heard = plain.broadcasts.received;
    const applied = plain.broadcasts.applied;
    await plain.stop();
    await plain.start();
    await until(() => plain.broadcasts.received > heard, 10_000, 'retained broadcast on subscribing');
    await plain.settled();
    expect(plain.broadcasts.applied).toBe(applied);
    expect(plain.state.emergency.mode).toBe('normal');
  });
});
