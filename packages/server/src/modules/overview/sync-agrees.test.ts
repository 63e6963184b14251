import { CMD_KIND, CMD_STATUS, CMD_TYPE, type DeviceRow, type Overview, type Page } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';

/**
 * One definition of "in sync" (devices/sync-state.ts): the overview's percentage and the door-unit
 * list's tags agree. Before, the overview counted only pending commands: 100 % in sync while the
 * list showed "1 failed" on two units (issue 36 item 5).
 */
describe('the overview and the door-unit list agree on sync', () => {
  let t: TestApp;
  let token: string;
  let community: number;

  beforeAll(async () => {
    t = await testApp();
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Sync Court');
  });
  afterAll(() => t.close());

  const figures = async (addressId: number) => {
    const o = (await t.get<Overview>('/live/getOverview', {}, token)).body.content;
    const mine = o.communities.find((c) => c.communityId === community);
    const list = (await t.get<Page<DeviceRow>>('/device/getDevicesPage', { page: 0, rows: 50, communityId: community }, token)).body
      .content;
    const row = list.rows.find((r) => r.addressid === addressId);
    return { inSync: mine?.unitsInSync, percent: mine?.syncPercent, failed: row?.failed, pending: row?.pending };
  };

  it('a failed command counts against sync in both until a newer command of its object succeeds', async () => {
    const a = await bindNewDevice(t, token, community);
    await bindNewDevice(t, token, community);
    const device = await t.db.selectFrom('device').select('id').where('serial', '=', a.serial).executeTakeFirstOrThrow();
    // Whatever binding queued has been answered.
    await t.db.updateTable('command').set({ status: CMD_STATUS.success }).execute();
    expect(await figures(a.addressid)).toEqual({ inSync: 2, percent: 100, failed: 0, pending: 0 });

    const put = (status: number) =>
      t.db
        .insertInto('command')
        .values({
          device_id: device.id,
          address_id: a.addressid,
          community_id: community,
          subject: 'S 1',
          account: '13800000001',
          type: CMD_TYPE.card,
          kind: CMD_KIND.cardPut,
          object_key: 'card:S1',
          payload: JSON.stringify({ cardId: 'S1', account: '13800000001' }),
          status,
          info: status === CMD_STATUS.failed ? 'card memory full' : '',
        })
        .execute();
    await put(CMD_STATUS.failed);
    expect(await figures(a.addressid)).toEqual({ inSync: 1, percent: 50, failed: 1, pending: 0 });
    // A resend of the same card: pending now, the failure no longer stands.
    await put(CMD_STATUS.notSent);
    expect(await figures(a.addressid)).toEqual({ inSync: 1, percent: 50, failed: 0, pending: 1 });
    await t.db.updateTable('command').set({ status: CMD_STATUS.success }).where('status', '=', CMD_STATUS.notSent).execute();
    expect(await figures(a.addressid)).toEqual({ inSync: 2, percent: 100, failed: 0, pending: 0 });
  });
});
