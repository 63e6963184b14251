import { CMD_STATUS } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToPool, newSerial } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { claimEach } from './claim.ts';

/**
 * The claim of the polls of one moment (ZKTeco PUSH terminals, `claimEach`): at most `limit` commands
 * a unit in each unit's order, one statement for all, and never a command claimed twice when two
 * claims run at once (two instances answering polls).
 */
describe('claimEach', () => {
  let t: TestApp;
  const units: { deviceId: number; addressId: number }[] = [];

  beforeAll(async () => {
    // No background work: the test's own claims are the only ones (polling units are never claimed for by the dispatcher).
    t = await testApp({ config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 } });
    const { token } = await t.signIn({ roleId: 1 });
    const community = await t.createCommunity('Poll Court');
    for (let i = 0; i < 3; i++) {
      const serial = newSerial('ZC');
      await addToPool(t, token, serial, { unitKind: 'zk-push' });
      const res = await t.post<{ addressid: number }>(
        '/device/insertDevice',
        { addressName: `Poll gate ${i}`, regNo: serial, userPhone: '13912345678', communityID: community },
        token,
      );
      expect(res.body.status).toBe(200);
      const d = await t.db.selectFrom('device').select('id').where('serial', '=', serial).executeTakeFirstOrThrow();
      units.push({ deviceId: Number(d.id), addressId: res.body.content.addressid });
    }
    // the set-up commands binding queued (time zone, schedules) are done: each unit starts with nothing due
    await t.db
      .updateTable('command')
      .set({ status: CMD_STATUS.success })
      .where(
        'device_id',
        'in',
        units.map((u) => u.deviceId),
      )
      .execute();
  });
  afterAll(() => t.close());

  /** Queues `n` commands for a unit (every fifth with priority 5), oldest first; answers their ids. */
  const queue = async (u: { deviceId: number; addressId: number }, n: number, tag: string) => {
    const rows = await t.db
      .insertInto('command')
      .values(
        Array.from({ length: n }, (_, i) => ({
          device_id: u.deviceId,
          address_id: u.addressId,
          community_id: null,
          subject: '',
          account: '',
          type: 1,
          kind: 'card.put',
          object_key: `card:${tag}-${i}`,
          payload: JSON.stringify({ cardId: `${tag}${i}`, account: '', userName: '' }),
          priority: i % 5 === 4 ? 5 : 0,
        })),
      )
      .returning(['id', 'priority'])
      .execute();
    return rows.map((r) => ({ id: Number(r.id), priority: Number(r.priority) }));
  };
  const opts = { instance: 'test', leaseMs: 60_000, limit: 10 };

  it('takes at most the limit a unit, in each unit order (priority first, then oldest), and nothing of a unit with none due', async () => {
    const [a, b, c] = units as [(typeof units)[0], (typeof units)[0], (typeof units)[0]];
    const qa = await queue(a, 25, 'A');
    const qb = await queue(b, 3, 'B');
    const got = await claimEach(t.db, [a.deviceId, b.deviceId, c.deviceId], opts);
    const order = (q: { id: number; priority: number }[]) => [...q].sort((x, y) => y.priority - x.priority || x.id - y.id).map((x) => x.id);
    expect(got.get(a.deviceId)?.map((x) => x.id)).toEqual(order(qa).slice(0, 10));
    expect(got.get(b.deviceId)?.map((x) => x.id)).toEqual(order(qb));
    expect(got.has(c.deviceId)).toBe(false);
    const sent = await t.db
      .selectFrom('command')
      .select('id')
      .where('status', '=', CMD_STATUS.sent)
      .where('claimed_by', '=', 'test')
      .execute();
    expect(sent.length).toBe(13);
    // the next poll takes the next ten of A's, none of B's (claimed, lease running)
    const next = await claimEach(t.db, [a.deviceId, b.deviceId], opts);
    expect(next.get(a.deviceId)?.map((x) => x.id)).toEqual(order(qa).slice(10, 20));
    expect(next.has(b.deviceId)).toBe(false);
  });

  it('two claims at once never take the same command', async () => {
    const [, , c] = units as [(typeof units)[0], (typeof units)[0], (typeof units)[0]];
    const q = await queue(c, 40, 'C');
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimEach(t.db, [c.deviceId], { ...opts, limit: 8 })));
    const ids = claims.flatMap((m) => (m.get(c.deviceId) ?? []).map((x) => x.id));
    // a claim that met rows another had just taken leaves them (it may take fewer than its limit); the next polls take the rest
    for (let more = await claimEach(t.db, [c.deviceId], opts); more.size; more = await claimEach(t.db, [c.deviceId], opts))
      ids.push(...(more.get(c.deviceId) ?? []).map((x) => x.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(q.map((x) => x.id)));
  });
});
