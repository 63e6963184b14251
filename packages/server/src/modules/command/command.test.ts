import { CMD_KIND, CMD_TYPE, type CommandRow, type DetailPair } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCommands } from '../../devices/commands.ts';
import { bindNewDevice } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let mine: number;
let other: number;
let manager: string;
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  mine = await t.createCommunity('Lakeside');
  other = await t.createCommunity('Hillside');
  const m = await t.signIn({ roleId: 4 });
  await t.db.insertInto('account_community').values({ account_id: m.id, community_id: mine }).execute();
  manager = m.token;
});
afterAll(async () => t.close());

type Page = { rows: CommandRow[]; total: number };
const card = (addressId: number, cardId: string, account: string, subject: string) =>
  withCommands(t.services, (_trx, q) =>
    q.add(addressId, [
      { type: CMD_TYPE.card, kind: CMD_KIND.cardPut, objectKey: `card:${cardId}`, payload: { cardId, account }, account, subject },
    ]),
  );

describe('commands (/access/commands)', () => {
  it('answers 401 and 403', async () => {
    expect((await t.get('/command/getCommandsPage')).statusCode).toBe(401);
    expect((await t.post('/command/redownload', { id: 1 })).statusCode).toBe(401);
    const { token: staff } = await t.signIn({ roleId: 5 });
    expect((await t.get('/command/getCommandsPage', {}, staff)).statusCode).toBe(403);
    expect((await t.get('/command/getDetailByCmdId', { id: 1 }, staff)).statusCode).toBe(403);
  });

  it('lists the queue of the scope, newest first, with each filter', async () => {
    const a = await bindNewDevice(t, admin, mine);
    const b = await bindNewDevice(t, admin, other);
    await card(a.addressid, 'C100', '13911112222', 'B1 101');
    await card(b.addressid, 'C200', '13933334444', 'H1 101');
    const page = await t.get<Page>('/command/getCommandsPage', {}, manager);
    const inScope = await t.db.selectFrom('command').select('id').where('community_id', '=', mine).execute();
    expect(page.body.content.total).toBe(inScope.length);
    const first = page.body.content.rows[0];
    expect(first).toMatchObject({
      communityname: 'Lakeside',
      address: 'B1 101',
      account: '13911112222',
      gate: `Gate ${a.serial}`,
      type: 0,
      status: 0,
      info: '',
    });
    expect(first?.createTime).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    const ids = page.body.content.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const q = (f: Record<string, unknown>) =>
      t.get<Page>('/command/getCommandsPage', f, admin).then((r) => r.body.content.rows.map((x) => x.account || x.type));
    expect(await q({ account: '139333' })).toEqual(['13933334444']);
    expect(await q({ address: 'h1 1' })).toEqual(['13933334444']);
    expect((await q({ gateId: b.addressid })).length).toBe(
      (await t.db.selectFrom('command').select('id').where('address_id', '=', b.addressid).execute()).length,
    );
    expect((await q({ gateId: b.addressid, type: 3 })).length).toBe(1);
    expect((await q({ gateId: b.addressid, status: 2 })).length).toBe(0);
    const bad = await t.get('/command/getCommandsPage', { type: 9, status: 7 }, admin);
    expect(bad.body.msgs).toEqual(['type is invalid', 'status is invalid']);
  });

  it('shows the details and re-queues a command, in scope only, with the op log', async () => {
    const a = await bindNewDevice(t, admin, mine);
    const b = await bindNewDevice(t, admin, other);
    await card(a.addressid, 'C300', '13955556666', 'B2 202');
    const cmd = await t.db
      .selectFrom('command')
      .select('id')
      .where('address_id', '=', a.addressid)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const theirs = await t.db
      .selectFrom('command')
      .select('id')
      .where('address_id', '=', b.addressid)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await t.get('/command/getDetailByCmdId', { id: theirs.id }, manager)).statusCode).toBe(403);
    expect((await t.get('/command/getDetailByCmdId', { id: 99999999 }, manager)).statusCode).toBe(404);
    const detail = await t.get<DetailPair[]>('/command/getDetailByCmdId', { id: cmd.id }, manager);
    const pairs = Object.fromEntries(detail.body.content.map((p) => [p.label, p.strValue]));
    expect(pairs).toMatchObject({
      Type: 'Access card',
      Status: 'Not sent',
      'Device serial': a.serial,
      Account: '13955556666',
      Attempts: '0',
    });
    expect(JSON.parse(pairs.Payload as string)).toEqual({ cardId: 'C300', account: '13955556666' });

    await t.db.updateTable('command').set({ status: 3, info: 'reader busy' }).where('id', '=', cmd.id).execute();
    expect((await t.post('/command/redownload', { id: theirs.id }, manager)).statusCode).toBe(403);
    expect((await t.post('/command/redownload', {}, manager)).body.msgs).toEqual(['Please enter id']);
    const ok = await t.post('/command/redownload', { id: cmd.id }, manager);
    expect(ok.body.msgs).toEqual(['Resent']);
    expect(await t.db.selectFrom('command').select(['status', 'info']).where('id', '=', cmd.id).executeTakeFirstOrThrow()).toEqual({
      status: 0,
      info: '',
    });
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.commands', detail: { before: { status: 3, info: 'reader busy' } } });

    await card(a.addressid, 'C300', '13955556666', 'B2 202');
    const superseded = await t.post('/command/redownload', { id: cmd.id }, manager);
    expect(superseded.body.msgs).toEqual(['This command was superseded by a newer one; resend the newest command instead']);
  });
});
