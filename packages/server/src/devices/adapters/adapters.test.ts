import { CMD_STATUS, type DeviceRow, type PoolRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSerial, statusesOf, until } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import type { ClaimedCommand } from '../claim.ts';
import type { AdapterContext, AdapterFactory, UnitLink } from './contract.ts';

/**
 * Issue 33: without any MQTT broker, a unit of a push kind gets its commands through its kind's
 * adapter (here one defined by the test that answers through UnitReports like a real terminal would),
 * and a pull kind's units are never claimed by the dispatcher.
 */
const sent: { links: UnitLink[]; cmds: ClaimedCommand[] }[] = [];
let pullSends = 0;
let refuseNext = 0;
let ctx: AdapterContext | null = null;
const pushAdapter: AdapterFactory = (c) => {
  ctx = c;
  return {
    kind: 'hik-isapi',
    delivery: 'push',
    ready: () => true,
    async send(units, cmds) {
      sent.push({ links: [...units.values()], cmds: [...cmds] });
      // The first commands "did not reach" the unit: they must come back and be sent again.
      const unreached = cmds.slice(0, refuseNext).map((x) => x.id);
      refuseNext = 0;
      for (const x of cmds) if (!unreached.includes(x.id)) c.reports.ack(x.serial, { id: x.id, ok: x.type !== 999, info: '' } as never);
      return unreached;
    },
  };
};
const pullAdapter: AdapterFactory = () => ({
  kind: 'zk-push',
  delivery: 'pull',
  ready: () => true,
  async send() {
    pullSends++;
    return [];
  },
});

let t: TestApp;
let admin: string;
let community: number;
beforeAll(async () => {
  t = await testApp({ adapters: [pushAdapter, pullAdapter], config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 } as never });
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  community = await t.createCommunity();
});
afterAll(async () => t.close());

async function bind(body: Record<string, unknown>): Promise<{ addressid: number; serial: string }> {
  const serial = newSerial('V');
  const p = await t.post<PoolRow>('/pool/addPool', { name: 'V', regNo: serial, isVilla: 0, cardSupported: 4, ...body }, admin);
  expect(p.body.status).toBe(200);
  const d = await t.post<{ addressid: number }>(
    '/device/insertDevice',
    { addressName: `Gate ${serial}`, regNo: serial, userPhone: '13912345678', communityID: community },
    admin,
  );
  expect(d.body.status).toBe(200);
  return { addressid: d.body.content.addressid, serial };
}

describe('door units through their kind adapter', () => {
  it('sends a push unit its commands with its link and opened password; retries what did not reach it; acks settle them', async () => {
    refuseNext = 1;
    const u = await bind({
      unitKind: 'hik-isapi',
      vendorHost: '10.1.2.3',
      vendorPort: 8000,
      vendorUser: 'admin',
      vendorPassword: 'Pw-771',
    });
    await until(
      async () => {
        const s = await statusesOf(t, u.addressid);
        return s.length > 0 && s.every((c) => c.status === CMD_STATUS.success);
      },
      30_000,
      'acked through the adapter',
    );
    const mine = sent.filter((s) => s.cmds.some((c) => c.serial === u.serial));
    expect(mine[0]?.links.find((l) => l.serial === u.serial)).toMatchObject({
      kind: 'hik-isapi',
      host: '10.1.2.3',
      port: 8000,
      username: 'admin',
      password: 'Pw-771',
    });
    expect(mine.every((s) => s.cmds.every((c) => c.unit_kind === 'hik-isapi'))).toBe(true);
    // The unreached command was claimed twice (sent again), the others once.
    const attempts = await t.db.selectFrom('command').select('attempts').where('address_id', '=', u.addressid).execute();
    expect(attempts.map((a) => a.attempts).sort()).toEqual([...Array(attempts.length - 1).fill(1), 2].sort());
  });

  it('reports online state, sync state and the offline alarm of a vendor unit as for any unit', async () => {
    const u = await bind({ unitKind: 'hik-isapi', vendorHost: 'door.example', vendorUser: 'u', vendorPassword: 'p' });
    await until(async () => (await statusesOf(t, u.addressid)).every((c) => c.status === CMD_STATUS.success), 30_000, 'synced');
    await ctx?.reports.status(u.serial, { online: true });
    const row = async () =>
      (await t.get<{ rows: DeviceRow[] }>('/device/getDevicesPage', { addressRegNo: u.serial }, admin)).body.content.rows[0];
    expect(await row()).toMatchObject({ online: true, pending: 0, failed: 0, unitKind: 'hik-isapi' });
    await ctx?.reports.status(u.serial, { online: false });
    expect(await row()).toMatchObject({ online: false });
    const alarms = await t.db.selectFrom('alarm').select(['serial', 'kind']).where('serial', '=', u.serial).execute();
    expect(alarms.length).toBe(1);
  });

  it('leaves pull units and MQTT units (no broker) pending: the dispatcher never claims them', async () => {
    const zk = await bind({ unitKind: 'zk-push' });
    const mq = await bind({});
    const hik = await bind({ unitKind: 'hik-isapi', vendorHost: 'h', vendorUser: 'u', vendorPassword: 'p' });
    await until(async () => (await statusesOf(t, hik.addressid)).every((c) => c.status === CMD_STATUS.success), 30_000, 'hik synced');
    await t.services.devices.idle();
    for (const u of [zk, mq]) {
      const s = await statusesOf(t, u.addressid);
      expect(s.length).toBeGreaterThan(0);
      expect(s.every((c) => c.status === CMD_STATUS.notSent)).toBe(true);
    }
    expect(pullSends).toBe(0);
    expect(sent.flatMap((s) => s.cmds).some((c) => c.serial === zk.serial || c.serial === mq.serial)).toBe(false);
  });
});
