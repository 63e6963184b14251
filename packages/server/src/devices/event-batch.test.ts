import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { storeEvents } from './events.ts';

/**
 * What a batch of access events costs the database: two round trips (the devices read, with
 * those due marked as seen in the same statement; the events written in one), however many
 * events and units (issue 32; it was four: the read, the write, and a separate last-seen update).
 */
describe('a batch of access events', () => {
  let t: TestApp;
  let recording = false;
  const ran: string[] = [];

  beforeAll(async () => {
    // No background polls: only the batch's own statements are counted.
    t = await testApp({ config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 }, onQuery: (q) => void (recording && ran.push(q.sql)) });
  });
  afterAll(() => t.close());

  it('from three units is stored in two statements, the units marked as seen', async () => {
    const { token } = await t.signIn({ roleId: 1 });
    const community = await t.createCommunity('Batch Court');
    const units = [
      await bindNewDevice(t, token, community),
      await bindNewDevice(t, token, community),
      await bindNewDevice(t, token, community),
    ];
    const events = Array.from({ length: 60 }, (_, i) => ({
      serial: units[i % 3]?.serial as string,
      body: {
        kind: 'access',
        eid: `b${i}`,
        time: new Date(Date.UTC(2026, 10, 28, 8, 0, i)).toISOString(),
        type: 1,
        result: 0,
        cardNum: `C${i}`,
      },
    }));
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('device')
          .select('last_seen_at')
          .where(
            'serial',
            'in',
            units.map((u) => u.serial),
          )
          .execute()
      ).map((d) => d.last_seen_at);
    expect(await lastSeen()).toEqual([null, null, null]);
    recording = true;
    const stored = await storeEvents(
      t.db,
      events,
      units.map((u) => u.serial),
    );
    recording = false;
    expect(stored.access.length).toBe(60);
    expect(ran.length, ran.join('\n')).toBe(2);
    expect((await lastSeen()).every((at) => at !== null)).toBe(true);
  });
});
