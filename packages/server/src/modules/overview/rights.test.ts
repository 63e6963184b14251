/**
 * A live stream is held to its caller's rights as every request is (issue 37, item 5): it ends when
 * the session no longer counts and narrows when menus or communities change; streams are capped.
 */
import type { AddressInfo } from 'node:net';
import { type MenuKey, ROLE } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_SESSION } from '../../live/streams.ts';
import { bindNewDevice } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { readStream, type StreamReader } from '../../test/sse.ts';
import { revokeMenu } from '../card/test-kit.ts';

describe('live streams and their callers’ rights', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let communityA: number;
  let communityB: number;
  let unitA: { deviceId: number; serial: string };
  let unitB: { deviceId: number; serial: string };
  const streams: StreamReader[] = [];

  const open = async (token: string) => {
    const s = await readStream(base, token);
    streams.push(s);
    if (s.status === 200) await s.waitFor(() => s.text().includes(': kinds'), 10_000, 'stream opened');
    return s;
  };
  const supervisorOf = async (community: number) => {
    const m = await t.signIn({ roleId: ROLE.propertySupervisor });
    await t.db.insertInto('account_community').values({ account_id: m.id, community_id: community }).execute();
    return m;
  };
  /** A unit's online news, as inbound tells it; answers once it is stored and fanned out. */
  const deviceNews = async (u: { deviceId: number; serial: string }, communityId: number) => {
    t.services.news.emit('device', { deviceId: u.deviceId, serial: u.serial, communityId, online: true });
    await t.services.live.events.idle();
  };
  const devicesOf = (s: StreamReader) => s.messages.filter((m) => m.event === 'device').map((m) => JSON.parse(m.data).deviceId as number);
  const settled = () => t.services.live.streams.settled();

  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ token: admin } = await t.signIn({ roleId: ROLE.admin }));
    communityA = await t.createCommunity();
    communityB = await t.createCommunity();
    const unit = async (community: number) => {
      const d = await bindNewDevice(t, admin, community);
      const row = await t.db.selectFrom('device').select('id').where('serial', '=', d.serial).executeTakeFirstOrThrow();
      return { deviceId: row.id, serial: d.serial };
    };
    unitA = await unit(communityA);
    unitB = await unit(communityB);
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('ends at sign-out, when the account is disabled and when the session has been idle too long', async () => {
    const out = await supervisorOf(communityA);
    const disabled = await supervisorOf(communityA);
    const idle = await supervisorOf(communityA);
    const [sOut, sDisabled, sIdle] = [await open(out.token), await open(disabled.token), await open(idle.token)];
    expect(await t.get('/logout/logout', {}, out.token)).toMatchObject({ statusCode: 200 });
    await sOut.ended;
    await t.db.updateTable('account').set({ state: 2 }).where('id', '=', disabled.id).execute();
    await sDisabled.ended;
    const minutes = t.config.SESSION_IDLE_MINUTES + 1;
    await t.db
      .updateTable('session')
      .set({ last_seen_at: sql<Date>`now() - make_interval(mins => ${minutes})` })
      .where('account_id', '=', idle.id)
      .execute();
    await sIdle.ended;
    // Nothing more reaches them: the server ended each stream.
    expect(t.services.live.streams.size).toBe(0);
  });

  it('narrows at once when a menu is withdrawn or the caller moves to another community', async () => {
    const withdrawn = await supervisorOf(communityA);
    const moved = await supervisorOf(communityA);
    const [sWithdrawn, sMoved, sAdmin] = [await open(withdrawn.token), await open(moved.token), await open(admin)];
    await deviceNews(unitA, communityA);
    await sWithdrawn.waitFor(() => devicesOf(sWithdrawn).length === 1, 10_000, 'first unit news');
    await sMoved.waitFor(() => devicesOf(sMoved).length === 1, 10_000, 'first unit news');

    for (const key of ['project.devices', 'access.gm', 'overview'] as MenuKey[]) await revokeMenu(t, withdrawn.id, key);
    await t.db.deleteFrom('account_community').where('account_id', '=', moved.id).execute();
    await t.db.insertInto('account_community').values({ account_id: moved.id, community_id: communityB }).execute();
    await settled();

    await deviceNews(unitA, communityA);
    await deviceNews(unitB, communityB);
    await sAdmin.waitFor(() => devicesOf(sAdmin).length === 3, 10_000, 'the administrator gets every news');
    await sMoved.waitFor(() => devicesOf(sMoved).length === 2, 10_000, "the moved caller gets its new community's news");
    expect(devicesOf(sMoved)).toEqual([unitA.deviceId, unitB.deviceId]);
    expect(devicesOf(sWithdrawn)).toEqual([unitA.deviceId]);
  });

  it(`caps the streams of one session at ${STREAMS_PER_SESSION} (429 with Retry-After)`, async () => {
    const m = await supervisorOf(communityA);
    for (let i = 0; i < STREAMS_PER_SESSION; i++) expect((await open(m.token)).status).toBe(200);
    const res = await fetch(`${base}/api/live/stream`, { headers: { token: m.token, 'x-lang': 'english' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { msgs: string[] }).msgs[0]).toMatch(/^Too many live connections/);
    // Closing one makes room again.
    streams.at(-1)?.close();
    await expect.poll(async () => (await open(m.token)).status, { timeout: 10_000 }).toBe(200);
  });
});
