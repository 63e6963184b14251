import { CMD_KIND, CMD_STATUS } from '@gatehouse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { callbackKey, EVENT_PATH, signUnit } from './routes.ts';
import { type HikRig, until, useHikRig } from './test-rig.ts';

/**
 * A Hikvision terminal's events end to end over real HTTP (docs/devices/hikvision.md, test-rig.ts):
 * pushed to the adapter's listening host and caught up by the event search, never twice; a forged
 * push refused; an unreachable terminal offline with its commands pending until it answers again.
 */

const suite = useHikRig();
let r: HikRig;
beforeAll(() => {
  r = suite.rig;
});

describe('hik-isapi adapter against the emulator: events and reachability', () => {
  it('events: the listening host is set, a pushed swipe is stored once, a gap is caught up by the search, nothing twice', async () => {
    await r.run(CMD_KIND.cardPut, { cardId: 'E1', account: '13900006666', userName: 'Eve' });
    await r.adapter.poll();
    expect(r.emu.state.httpHost?.url).toMatch(/^\/hik\/events\?unit=HIK[0-9a-f]+&sig=/);
    const before = r.emu.posted.ok;
    await r.emu.swipe('E1');
    expect(r.emu.posted.ok).toBe(before + 1);
    await r.inbound.idle();
    await until(async () => (await r.events()).some((e) => e.card_num === 'E1'), 'pushed event');
    const pushed = (await r.events()).filter((e) => e.card_num === 'E1');
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
    const host = r.emu.state.httpHost;
    r.emu.state.httpHost = null;
    await r.emu.swipe('NOPE');
    await r.emu.alarm('forced');
    for (let i = 0; i < 70; i++) await r.emu.swipe('E1'); // more than two pages of 30
    r.emu.state.httpHost = host;
    await r.emu.swipe('E1'); // pushed, but after the gap
    await r.inbound.idle();
    for (let i = 0; i < 3; i++) await r.adapter.poll(); // two pages a round
    await r.inbound.idle();
    const all = await r.events();
    expect(all.length).toBe(r.emu.state.events.filter((e) => !(e.major === 5 && e.minor === 0x1b)).length);
    expect(new Set(all.map((e) => e.eid)).size).toBe(all.length);
    expect(all.find((e) => e.card_num === 'NOPE')).toMatchObject({ type: 13, result: 1 });
    const alarms = await r.t.db.selectFrom('alarm').select(['kind']).where('device_id', '=', r.deviceId).execute();
    expect(alarms.map((a) => a.kind)).toContain('forced');
    const pos = await r.t.db
      .selectFrom('hik_event_position')
      .select('serial_no')
      .where('device_id', '=', r.deviceId)
      .executeTakeFirstOrThrow();
    expect(Number(pos.serial_no)).toBe(r.emu.state.events.length);

    // Catching up again stores nothing twice.
    await r.adapter.poll();
    await r.inbound.idle();
    expect((await r.events()).length).toBe(all.length);
  });

  it('the event route refuses a wrong signature and stores nothing', async () => {
    const n = (await r.events()).length;
    const res = await r.server.inject({
      method: 'POST',
      url: `${EVENT_PATH}?unit=${r.serial}&sig=${'x'.repeat(32)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        eventType: 'AccessControllerEvent',
        dateTime: new Date().toISOString(),
        AccessControllerEvent: { majorEventType: 5, subEventType: 1, serialNo: 999_999, cardNo: 'FORGED' },
      }),
    });
    expect(res.statusCode).toBe(401);
    await r.inbound.idle();
    expect((await r.events()).length).toBe(n);
  });

  it('a multipart push (event JSON with its picture, as camera terminals post) is read like a JSON one', async () => {
    const key = await callbackKey(r.t.db);
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
    const res = await r.server.inject({
      method: 'POST',
      url: `${EVENT_PATH}?unit=${r.serial}&sig=${signUnit(key, r.serial)}`,
      headers: { 'content-type': req.headers.get('content-type') as string },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    await r.inbound.idle();
    expect((await r.events()).find((e) => e.eid === 'hik-900001')).toMatchObject({ type: 5, result: 0, account: '13900009999' });
    // Garbage is refused, not stored.
    const bad = await r.server.inject({
      method: 'POST',
      url: `${EVENT_PATH}?unit=${r.serial}&sig=${signUnit(key, r.serial)}`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an unreachable terminal goes offline, keeps its commands pending, and gets them when it answers again', async () => {
    await r.adapter.poll();
    await r.inbound.idle();
    expect((await r.t.db.selectFrom('device').select('online').where('id', '=', r.deviceId).executeTakeFirstOrThrow()).online).toBe(true);
    await r.emu.goOffline();
    const id = await r.queue(CMD_KIND.cardPut, { cardId: 'OFF1', account: '13900007777' });
    await r.dispatch([r.deviceId]);
    expect((await r.commandRow(id)).status).toBe(CMD_STATUS.notSent);
    await until(
      async () => !(await r.t.db.selectFrom('device').select('online').where('id', '=', r.deviceId).executeTakeFirstOrThrow()).online,
      'offline',
    );
    // In back-off: a dispatch does not even try.
    await r.dispatch([r.deviceId]);
    expect((await r.commandRow(id)).status).toBe(CMD_STATUS.notSent);

    await r.emu.goOnline();
    await until(async () => {
      await r.adapter.poll();
      await r.inbound.idle();
      return (await r.commandRow(id)).status === CMD_STATUS.success;
    }, 'resent after coming back');
    expect(r.emu.state.cards.has('OFF1')).toBe(true);
    expect(r.emu.state.httpHost).not.toBeNull();
  });
});
