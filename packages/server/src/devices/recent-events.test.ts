import { ACCESS_RESULT, ACCESS_TYPE } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { statementRecorder } from '../test/statements.ts';
import { Inbound } from './inbound.ts';
import { RecentEvents } from './recent-events.ts';

/** A unit's re-sends of events this instance has queued or written (device-protocol §7) cost no database work. */
describe('re-sent events', () => {
  let t: TestApp;
  let admin: string;
  const statements = statementRecorder((q) => /access_event|usage_event|alarm/.test(q));

  beforeAll(async () => {
    t = await testApp({
      config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 },
      onQuery: statements.onQuery,
    });
    ({ token: admin } = await t.signIn({ roleId: 1 }));
  });
  afterAll(() => t.close());

  const event = (i: number) => ({
    kind: 'access',
    eid: `re${i}`,
    time: new Date(Date.UTC(2026, 10, 29, 8, 0, i)).toISOString(),
    type: ACCESS_TYPE.card,
    result: ACCESS_RESULT.ok,
    cardNum: `R${i}`,
  });

  it('are stored once and confirmed: one still queued is dropped, one written is confirmed without a statement', async () => {
    const community = await t.createCommunity('Resend Court');
    const unit = await bindNewDevice(t, admin, community);
    const confirmed: string[] = [];
    const inbound = new Inbound(
      t.db,
      () => {},
      (e) => expect.unreachable(String(e)),
      t.services.news,
      {
        confirm: async (_serial, eids) => void confirmed.push(...eids),
      },
    );
    const count = async () =>
      (await t.db.selectFrom('access_event').select('eid').where('eid', 'like', 're%').execute()).map((r) => r.eid).sort();

    // Sent, and sent again before it was written: one write, confirmed once.
    let { ran } = await statements.during(async () => {
      for (const i of [1, 2]) inbound.event(unit.serial, event(i));
      for (const i of [1, 2]) inbound.event(unit.serial, event(i));
      await inbound.idle();
    });
    expect(ran.length, ran.join('\n')).toBe(1);
    expect(ran[0]).toMatch(/insert into access_event/);
    expect(await count()).toEqual(['re1', 're2']);
    expect(confirmed.sort()).toEqual(['re1', 're2']);

    // Sent again once written (its confirmation was lost): confirmed again, no statement.
    confirmed.length = 0;
    ({ ran } = await statements.during(async () => {
      inbound.event(unit.serial, event(1));
      await inbound.idle();
    }));
    expect(ran).toEqual([]);
    expect(confirmed).toEqual(['re1']);

    // A different event of the same eid and another time is a new event to the instance (the database decides).
    inbound.event(unit.serial, { ...event(1), time: new Date(Date.UTC(2026, 10, 29, 9)).toISOString() });
    await inbound.idle();
    expect(await count()).toEqual(['re1', 're1', 're2']);
    inbound.stop();
  });

  it('forgets the oldest beyond its size, and events dropped unwritten', () => {
    const r = new RecentEvents(2);
    const k = (i: number) => RecentEvents.key('U1', event(i)) as string;
    expect(r.admit(k(1))).toBeUndefined();
    expect(r.admit(k(1))).toBe('queued');
    r.written([k(1)]);
    expect(r.admit(k(1))).toBe('written');
    r.admit(k(2));
    r.admit(k(3));
    expect(r.size).toBe(2);
    expect(r.admit(k(1))).toBeUndefined();
    r.forget([k(1)]);
    expect(r.admit(k(1))).toBeUndefined();
    expect(RecentEvents.key('U1', { eid: '', time: 'x' })).toBeNull();
    expect(RecentEvents.key('U1', { eid: 'e', time: 5 })).toBeNull();
  });
});
