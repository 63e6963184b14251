import { CMD_KIND } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { statementRecorder } from '../../test/statements.ts';
import { addAddress, newCard } from './test-kit.ts';

/**
 * What a card download to 10 door units costs the database: at most 15 statements, the
 * transaction's begin and commit included (13 the query listener sees; issue 32; it was about 50: the card row read twice,
 * the entries one insert each, three statements per queued command).
 */
describe('a card download to 10 door units', () => {
  let t: TestApp;
  let token: string;
  const statements = statementRecorder();

  beforeAll(async () => {
    t = await testApp({
      config: { CALLER_LEASE_MS: 60_000, WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 },
      onQuery: statements.onQuery,
    });
    ({ token } = await t.signIn({ roleId: 1 }));
  });
  afterAll(() => t.close());

  it('runs at most 15 statements and queues one card.put per unit', async () => {
    const community = await t.createCommunity('Counted Court');
    const units = [];
    for (let i = 0; i < 10; i++) units.push(await bindNewDevice(t, token, community));
    const card = await newCard(t, token, { cardid: 'STM1', communityId: community, addressId: await addAddress(t, community, 'S 1') });
    // The caller is read once and then kept: the download itself is what is counted.
    await t.get('/card/getCardAddressDownloadInfo', { id: card.id }, token);
    const agas = units.map((u) => ({ gateID: u.addressid, validfrom: '2026/01/01 00:00:00', validto: '2030/12/31 23:59:59', info: '' }));
    const { ran, result: res } = await statements.during(() =>
      t.post<{ queued: number }>('/card/updateCardAddressInfo', { id: card.id, agas: JSON.stringify(agas) }, token),
    );
    expect(res.body.content).toEqual({ queued: 10 });
    // 13 seen by the listener (begin and commit are not): 15 in all.
    // Begin and commit are seen on PostgreSQL only: counted apart, 13 others + 2 = 15.
    const work = ran.filter((q) => !/^\s*(begin|commit)\b/i.test(q));
    expect(work.length, work.join('\n')).toBeLessThanOrEqual(13);
    const puts = await t.db
      .selectFrom('command')
      .select('address_id')
      .where('kind', '=', CMD_KIND.cardPut)
      .where('account', '=', '13800000001')
      .execute();
    expect(new Set(puts.map((p) => p.address_id))).toEqual(new Set(units.map((u) => u.addressid)));
  });
});
