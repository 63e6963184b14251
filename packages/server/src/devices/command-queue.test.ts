import { CMD_KIND, CMD_STATUS } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToPool, newSerial } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { withCommands } from './commands.ts';
import { command } from './new-command.ts';

/**
 * `CommandQueue.addMany` writes every send's rows with one statement (each distinct command bound
 * once): the rows come out in the order the sends give (door units by id within a send), a later
 * command of an object on a unit supersedes an earlier one of the same batch and any older pending
 * one, and payloads with quotes, backslashes and other scripts are stored as given.
 */
describe('command queue', () => {
  let t: TestApp;
  const units: number[] = [];

  beforeAll(async () => {
    // Nothing sends: no broker connection in this app, so every written command stays as the queue wrote it.
    t = await testApp({ config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 } });
    const { token } = await t.signIn({ roleId: 1 });
    const community = await t.createCommunity('Queue Court');
    for (let i = 0; i < 3; i++) {
      const serial = newSerial('CQ');
      await addToPool(t, token, serial);
      const res = await t.post<{ addressid: number }>(
        '/device/insertDevice',
        { addressName: `Queue gate ${i}`, regNo: serial, userPhone: '13912345678', communityID: community },
        token,
      );
      expect(res.body.status).toBe(200);
      units.push(res.body.content.addressid);
    }
  });
  afterAll(() => t.close());

  const card = (no: string, name: string) =>
    command(CMD_KIND.cardPut, { cardId: no, account: '13900000001', userName: name }, { objectKey: `card:${no}`, account: '13900000001' });

  it('writes rows in the sends order, supersedes within the batch and before it, keeps payloads exact', async () => {
    const [a, b, c] = units as [number, number, number];
    await withCommands(t.services, (_trx, q) => q.add([a, b, c], [card('Q1', 'old')]));
    const odd = 'Zoë "Q" \\ 陳大文 \u{1F600}';
    let ids: number[] = [];
    const queued = await withCommands(t.services, async (_trx, q) => {
      // units given out of order: rows follow the unit ids; Q1 twice for unit b: the later one stands
      const n = await q.addMany([
        { to: [c, a, b], cmds: [card('Q1', 'new'), card('Q2', odd)] },
        { to: [b], cmds: [card('Q1', 'newest')] },
      ]);
      ids = [...q.commandIds];
      return n;
    });
    expect(queued).toBe(7);
    const rows = await t.db
      .selectFrom('command')
      .select(['id', 'address_id', 'object_key', 'status', 'payload', 'info'])
      .where('object_key', 'in', ['card:Q1', 'card:Q2'])
      .orderBy('id')
      .execute();
    const written = rows.filter((r) => ids.includes(Number(r.id)));
    expect(written.map((r) => [r.address_id, r.object_key])).toEqual([
      [a, 'card:Q1'],
      [a, 'card:Q2'],
      [b, 'card:Q1'],
      [b, 'card:Q2'],
      [c, 'card:Q1'],
      [c, 'card:Q2'],
      [b, 'card:Q1'],
    ]);
    const pending = rows.filter((r) => r.status === CMD_STATUS.notSent);
    // per unit one Q1 and one Q2 stand: b's Q1 is the second send's
    expect(pending.map((r) => [r.address_id, r.object_key, (r.payload as { userName: string }).userName]).sort()).toEqual(
      [
        [a, 'card:Q1', 'new'],
        [a, 'card:Q2', odd],
        [b, 'card:Q1', 'newest'],
        [b, 'card:Q2', odd],
        [c, 'card:Q1', 'new'],
        [c, 'card:Q2', odd],
      ].sort(),
    );
    // the three old Q1 and b's first new Q1 were superseded, naming what replaced them
    const cancelled = rows.filter((r) => r.status === CMD_STATUS.cancelled);
    expect(cancelled).toHaveLength(4);
    for (const r of cancelled) expect(r.info).toMatch(/^cmd\.info\.superseded::/);
  });
});
