import { ACCESS_RESULT, ACCESS_TYPE, type LiveAccess } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../http/dates.ts';
import { ACCESS_BATCH } from '../live/event-writer.ts';
import { bindNewDevice } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { statementRecorder } from '../test/statements.ts';
import { storeEvents } from './events.ts';
import { Inbound } from './inbound.ts';

/** Statements of the test's own checks carry this mark and are not counted. */
const PROBE = '/* probe */';

/**
 * What a batch of access events costs the database (issue 32: goal at most two round trips). Counted
 * from the moment the batch reaches the intake until everything it brings about is written: the events,
 * the units' last-seen time, the live stream's rows with their NOTIFY, the webhook deliveries. Not
 * counted: the live hub's read of the new live rows (once per notification per instance, what the open
 * streams are sent, whatever wrote them) and the test's own checks. Before (this test on the previous
 * intake, with the webhook): 7 statements on PGlite, 10 on PostgreSQL (the units' read, the insert, the
 * webhooks' read, the live rows' read, then begin, the deliveries' insert, the outbox lock, the live rows'
 * insert, NOTIFY, commit). Now 2: the intake's one statement, and one for what follows (`News.write`).
 */
describe('a batch of access events', () => {
  let t: TestApp;
  let admin: string;
  const statements = statementRecorder((q) => !q.includes(PROBE) && !/from "live_event"/.test(q));

  beforeAll(async () => {
    // No background polls: only the batch's own statements are counted.
    t = await testApp({
      config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0, WEBHOOK_ALLOW_PRIVATE: true },
      onQuery: statements.onQuery,
    });
    ({ token: admin } = await t.signIn({ roleId: 1 }));
  });
  afterAll(() => t.close());

  /** Rows of a table whose id is over `after` (a probe: not counted). */
  const countOver = async (table: 'live_event' | 'webhook_delivery' | 'access_event', after: number) =>
    Number(
      (await sql<{ n: number }>`${sql.raw(PROBE)} select count(*)::int as n from ${sql.table(table)} where id > ${after}`.execute(t.db))
        .rows[0]?.n,
    );
  const topId = async (table: 'live_event' | 'webhook_delivery' | 'access_event') =>
    Number(
      (await sql<{ m: number }>`${sql.raw(PROBE)} select coalesce(max(id), 0)::int as m from ${sql.table(table)}`.execute(t.db)).rows[0]?.m,
    );
  const until = async (what: () => Promise<boolean>) => {
    for (let i = 0; i < 500 && !(await what()); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await what()).toBe(true);
  };

  it('of 50 from one unit (cards, faces, unknown) is stored, streamed and queued for webhooks in at most two round trips', async () => {
    const community = await t.createCommunity('Round Trip Court');
    const unit = await bindNewDevice(t, admin, community);
    const hook = await t.post<{ id: number }>('/webhook/createWebhook', { url: 'http://127.0.0.1:9/hook', kinds: 'access' }, admin);
    expect(hook.body.status).toBe(200);
    const bodies = Array.from({ length: 50 }, (_, i) => {
      const time = new Date(Date.UTC(2026, 10, 28, 9, 0, i)).toISOString();
      if (i % 3 === 0) return { kind: 'access', eid: `rt${i}`, time, type: ACCESS_TYPE.card, result: ACCESS_RESULT.ok, cardNum: `C${i}` };
      if (i % 3 === 1)
        return {
          kind: 'access',
          eid: `rt${i}`,
          time,
          type: ACCESS_TYPE.face,
          result: ACCESS_RESULT.ok,
          account: `1390000${1000 + i}`,
          userName: `Face ${i}`,
        };
      return {
        kind: 'access',
        eid: `rt${i}`,
        time,
        type: ACCESS_TYPE.invalidCard,
        result: ACCESS_RESULT.unknown,
        cardNum: `X${i}`,
        reason: '',
      };
    });
    const acked: string[][] = [];
    const inbound = new Inbound(
      t.db,
      () => {},
      (e) => expect.unreachable(String(e)),
      t.services.news,
      {
        confirm: async (_serial, eids) => void acked.push(eids),
      },
    );
    const [live0, hooks0, events0] = [await topId('live_event'), await topId('webhook_delivery'), await topId('access_event')];

    let { ran } = await statements.during(async () => {
      expect(await inbound.eventBatch(unit.serial, bodies)).toBe(true);
      // The live outbox takes one row for the batch's community (its 50 events in it), not a row an event.
      await until(async () => (await countOver('live_event', live0)) === 1 && (await countOver('webhook_delivery', hooks0)) === 50);
    });
    expect(ran.length, ran.join('\n')).toBeLessThanOrEqual(2);
    expect(acked.flat()).toEqual(bodies.map((b) => b.eid));

    // What the batch wrote is what it wrote before: the events, the unit seen, the live rows, the deliveries.
    const stored = await t.db.selectFrom('access_event').selectAll().where('id', '>', events0).orderBy('id').execute();
    expect(stored.map((r) => [r.eid, r.type, r.result, r.card_num, r.account])).toEqual(
      bodies.map((b) => [b.eid, b.type, b.result, b.cardNum ?? '', b.account ?? '']),
    );
    const dev = await t.db
      .selectFrom('device')
      .innerJoin('address', 'address.id', 'device.address_id')
      .select(['device.id', 'device.last_seen_at', 'address.address', 'address.name'])
      .where('serial', '=', unit.serial)
      .executeTakeFirstOrThrow();
    expect(dev.last_seen_at).not.toBeNull();
    expect(stored.every((r) => r.device_id === dev.id && r.community_id === community && r.device_name === dev.name)).toBe(true);
    const live = await t.db
      .selectFrom('live_event')
      .select(['kind', 'community_id', 'data'])
      .where('id', '>', live0)
      .orderBy('id')
      .execute();
    expect(live.length).toBe(1);
    expect(live.flatMap((l) => l.data as unknown as LiveAccess[])).toEqual(
      stored.map((r) => ({
        id: Number(r.id),
        communityname: 'Round Trip Court',
        time: formatDateTime(r.time, t.config.TZ_NAME),
        addressName: dev.address,
        unlockUserName: r.unlock_user_name,
        type: r.type,
        result: r.result,
        account: r.account,
        CARD_NUM: r.card_num,
        CARD_MODE: r.card_mode,
        reason: r.refusal,
        communityId: community,
        at: new Date(r.time).toISOString(),
      })),
    );
    expect(live.every((l) => l.kind === ACCESS_BATCH && l.community_id === community)).toBe(true);
    const deliveries = await t.db
      .selectFrom('webhook_delivery')
      .select(['kind', 'event_id', 'body'])
      .where('id', '>', hooks0)
      .orderBy('id')
      .execute();
    const sent = deliveries.map((d) => JSON.parse(d.body));
    expect(deliveries.map((d, i) => [d.kind, sent[i].kind, sent[i].id === d.event_id])).toEqual(
      stored.map(() => ['access', 'access', true]),
    );
    expect(sent.map((b) => b.data)).toEqual(
      stored.map((r) => ({
        id: Number(r.id),
        deviceId: dev.id,
        communityId: community,
        addressId: r.address_id,
        time: new Date(r.time).toISOString(),
        type: r.type,
        result: r.result,
        account: r.account,
        userName: r.unlock_user_name,
        cardNum: r.card_num,
        isWork: false,
      })),
    );

    // Delivered again: stored once, nothing streamed or queued again, the unit still told they are written; one round trip.
    ({ ran } = await statements.during(async () => {
      expect(await inbound.eventBatch(unit.serial, bodies)).toBe(true);
      await inbound.idle();
    }));
    expect(ran.length, ran.join('\n')).toBe(1);
    expect(acked.slice(1).flat()).toEqual(bodies.map((b) => b.eid));
    expect([
      await countOver('access_event', events0),
      await countOver('live_event', live0),
      await countOver('webhook_delivery', hooks0),
    ]).toEqual([50, 1, 50]);
    inbound.stop();
  });

  it('from three units is stored in one statement, the units marked as seen', async () => {
    const community = await t.createCommunity('Batch Court');
    const units = [
      await bindNewDevice(t, admin, community),
      await bindNewDevice(t, admin, community),
      await bindNewDevice(t, admin, community),
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
    const { ran, result: stored } = await statements.during(() =>
      storeEvents(
        t.db,
        events,
        units.map((u) => u.serial),
      ),
    );
    expect(stored.access.map((r) => r.card_num)).toEqual(events.map((e) => e.body.cardNum));
    expect(stored.access.every((r) => r.community_name === 'Batch Court')).toBe(true);
    expect(ran.length, ran.join('\n')).toBe(1);
    expect((await lastSeen()).every((at) => at !== null)).toBe(true);
  });
});
