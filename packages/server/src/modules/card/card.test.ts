import type { CardRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness.ts';
import { addAddress, counts, managerOf, newCard, revokeMenu } from './test-kit.ts';

let t: TestApp;
let admin: string;
let mine: number;
let other: number;
let manager: { id: number; token: string };
let home: number;
let home2: number;
let theirHome: number;
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  mine = await t.createCommunity('Lakeside');
  other = await t.createCommunity('Hillside');
  manager = await managerOf(t, mine);
  home = await addAddress(t, mine, 'B1 101');
  home2 = await addAddress(t, mine, 'B1 102');
  theirHome = await addAddress(t, other, 'H 1');
});
afterAll(async () => t.close());

type Page = { rows: CardRow[]; total: number };

describe('card list and card form (/access/gate, /access/ladder)', () => {
  it('answers 401 without a token and 403 without a card menu', async () => {
    expect((await t.get('/card/getGateAccessesPage', { ismjtk: 1 })).statusCode).toBe(401);
    expect((await t.post('/card/createCard', {})).statusCode).toBe(401);
    expect((await t.post('/card/batchDel', { ids: 1 })).statusCode).toBe(401);
    const { token: engineer } = await t.signIn({ roleId: 3 });
    expect((await t.get('/card/getGateAccessesPage', { ismjtk: 1 }, engineer)).statusCode).toBe(403);
    expect((await t.post('/card/createCard', {}, engineer)).statusCode).toBe(403);
  });

  it('creates a card, answers it as a list row, and writes the op log', async () => {
    await t.createAccount({ roleId: 7, regNo: '13800000099', name: 'Ann' });
    const res = await t.post<CardRow>(
      '/card/createCard',
      {
        cardid: 'A0001',
        communityId: mine,
        addressId: home,
        account: '13800000099',
        cardtype: 'accesscard',
        cardmode: 'ic',
        cardstatus: 'enable',
      },
      manager.token,
    );
    expect(res.body).toMatchObject({ status: 200, msgs: ['Created'] });
    expect(res.body.content).toMatchObject({
      cardid: 'A0001',
      communityname: 'Lakeside',
      address: 'B1 101',
      addressId: home,
      account: '13800000099',
      cardtype: 'accesscard',
      cardmode: 'ic',
      cardstatus: 'enable',
      username: 'Ann',
      isVilla: 0,
      gateCount: 0,
    });
    expect(await t.lastOpLog()).toMatchObject({
      name1: 'access',
      name2: 'access.gate',
      content: 'op.card.add::{"cardid":"A0001"}',
      community_id: mine,
    });
  });

  it('refuses each broken form rule with its message and changes nothing', async () => {
    const before = await counts(t);
    const empty = await t.post('/card/createCard', {}, manager.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.body.msgs).toEqual([
      'Please enter card number',
      'Please choose community',
      'Please choose resident',
      'Please enter account',
      'Please choose card type',
      'Please choose card mode',
      'Please choose card status',
    ]);
    const base = {
      cardid: 'B0001',
      communityId: mine,
      addressId: home,
      account: '13800000001',
      cardtype: 'accesscard',
      cardmode: 'ic',
      cardstatus: 'enable',
    };
    expect((await t.post('/card/createCard', { ...base, cardid: '12345678901' }, manager.token)).body.msgs).toEqual([
      'card number cannot exceed 10 characters',
    ]);
    expect((await t.post('/card/createCard', { ...base, account: '12345' }, manager.token)).body.msgs).toEqual([
      'Please enter a valid phone number',
    ]);
    expect((await t.post('/card/createCard', { ...base, cardtype: 'gold' }, manager.token)).body.msgs).toEqual(['card type is invalid']);
    expect((await t.post('/card/createCard', { ...base, addressId: theirHome }, manager.token)).body.msgs).toEqual([
      'The chosen resident does not belong to the community',
    ]);
    const dup = await t.post('/card/createCard', { ...base, cardid: 'A0001' }, manager.token);
    expect(dup.statusCode).toBe(400);
    expect(dup.body.msgs).toEqual(['Card number A0001 already exists in this community']);
    expect(await counts(t)).toEqual(before);
    // the same number is fine in another community
    await newCard(t, admin, { cardid: 'A0001', communityId: other, addressId: theirHome });
  });

  it('refuses a community out of scope (403) and a card type whose menu is missing', async () => {
    const base = {
      cardid: 'C0001',
      addressId: theirHome,
      account: '13800000001',
      cardtype: 'accesscard',
      cardmode: 'ic',
      cardstatus: 'enable',
    };
    const res = await t.post('/card/createCard', { ...base, communityId: other }, manager.token);
    expect(res.statusCode).toBe(403);
    expect(res.body.msgs).toEqual(['You have no access to this community']);
    const staff = await managerOf(t, mine);
    await revokeMenu(t, staff.id, 'access.ladder');
    expect(
      (await t.post('/card/createCard', { ...base, communityId: mine, addressId: home, cardtype: 'laddercard' }, staff.token)).statusCode,
    ).toBe(403);
    expect((await t.get('/card/getGateAccessesPage', { ismjtk: 2 }, staff.token)).statusCode).toBe(403);
    expect((await t.get('/card/getGateAccessesPage', { ismjtk: 1 }, staff.token)).statusCode).toBe(200);
  });

  it('lists each screen its own card types, scoped, filtered and sorted', async () => {
    await newCard(t, manager.token, {
      cardid: 'L0001',
      communityId: mine,
      addressId: home2,
      cardtype: 'laddercard',
      cardmode: 'id',
      account: '13800000002',
    });
    await newCard(t, manager.token, {
      cardid: 'X0001',
      communityId: mine,
      addressId: home2,
      cardtype: 'accladdcard',
      cardstatus: 'disable',
    });
    const gate = await t.get<Page>('/card/getGateAccessesPage', { ismjtk: 1, sort: 'cardid', order: 'asc' }, manager.token);
    expect(gate.body.content.rows.map((r) => r.cardid)).toEqual(['A0001', 'X0001']);
    expect(gate.body.content.total).toBe(2);
    const lift = await t.get<Page>('/card/getGateAccessesPage', { ismjtk: 2, sort: 'cardid', order: 'desc' }, manager.token);
    expect(lift.body.content.rows.map((r) => r.cardid)).toEqual(['X0001', 'L0001']);
    const all = await t.get<Page>('/card/getGateAccessesPage', { ismjtk: 1, sort: 'communityname' }, admin);
    expect(all.body.content.rows.map((r) => r.communityname)).toEqual(['Hillside', 'Lakeside', 'Lakeside']);
    const f = (q: Record<string, unknown>) =>
      t.get<Page>('/card/getGateAccessesPage', { ismjtk: 2, ...q }, manager.token).then((r) => r.body.content.rows.map((x) => x.cardid));
    expect(await f({ cardid: 'l00' })).toEqual(['L0001']);
    expect(await f({ cardmode: 'id' })).toEqual(['L0001']);
    expect(await f({ cardstatus: 'disable' })).toEqual(['X0001']);
    expect(await f({ account: '13800000002' })).toEqual(['L0001']);
    // The account is a whole number or its start (accountMatch): the same rule as the command list.
    expect((await f({ account: '1380000000', sort: 'cardid' })).sort()).toEqual(['L0001', 'X0001']);
    expect(await f({ account: '00000002' })).toEqual([]);
    expect(await f({ address: 'b1 102', cardtype: 'accladdcard' })).toEqual(['X0001']);
    // issued between two dates (the card's creation day, in the server's time zone)
    await t.db
      .updateTable('card')
      .set({ created_at: new Date('2025-03-10T04:00:00Z') })
      .where('card_no', '=', 'L0001')
      .execute();
    expect(await f({ starttime: '2025/03/10', endtime: '2025/03/10', sort: 'cardid' })).toEqual(['L0001']);
    expect(await f({ starttime: '2025/03/11', sort: 'cardid' })).toEqual(['X0001']);
    expect(await f({ endtime: '2025/03/09' })).toEqual([]);
    expect((await t.get('/card/getGateAccessesPage', { ismjtk: 2, starttime: '2025/02/30' }, manager.token)).body.msgs).toEqual([
      'start date is invalid',
    ]);
    expect((await t.get('/card/getGateAccessesPage', { ismjtk: 3 }, manager.token)).body.msgs).toEqual(['card list is invalid']);
    expect((await t.get('/card/getGateAccessesPage', { ismjtk: 1, sort: 'gateCount' }, manager.token)).body.msgs).toEqual([
      'sort column is invalid',
    ]);
  });

  it('edits household, account, type, mode and status; card number and community stay', async () => {
    const card = await newCard(t, manager.token, { cardid: 'E0001', communityId: mine, addressId: home });
    const res = await t.post<CardRow>(
      '/card/updateCard',
      {
        id: card.id,
        cardid: 'ZZZ',
        communityId: other,
        addressId: home2,
        account: '13800000003',
        cardtype: 'patrolcard',
        cardmode: 'id',
        cardstatus: 'disable',
      },
      manager.token,
    );
    expect(res.body.msgs).toEqual(['Update completed']);
    expect(res.body.content).toMatchObject({
      cardid: 'E0001',
      communityId: mine,
      addressId: home2,
      account: '13800000003',
      cardtype: 'patrolcard',
      cardmode: 'id',
      cardstatus: 'disable',
    });
    const log = await t.lastOpLog();
    expect(log).toMatchObject({ name2: 'access.gate', content: 'op.card.update::{"cardid":"E0001"}' });
    expect(log?.detail).toMatchObject({ before: { account: '13800000001' }, after: { account: '13800000003' } });
    expect(
      (
        await t.post(
          '/card/updateCard',
          { id: card.id, addressId: theirHome, account: '13800000003', cardtype: 'patrolcard', cardmode: 'id', cardstatus: 'disable' },
          manager.token,
        )
      ).body.msgs,
    ).toEqual(['The chosen resident does not belong to the community']);
    await t.db.updateTable('card').set({ is_villa: 1 }).where('id', '=', card.id).execute();
    const villa = await t.post(
      '/card/updateCard',
      { id: card.id, addressId: home, account: '13800000003', cardtype: 'patrolcard', cardmode: 'id', cardstatus: 'enable' },
      manager.token,
    );
    expect(villa.statusCode).toBe(400);
    expect(villa.body.msgs).toEqual(['Cards of a single-family door unit cannot be edited']);
    expect((await t.db.selectFrom('card').select('status').where('id', '=', card.id).executeTakeFirstOrThrow()).status).toBe('disable');
    const theirs = await newCard(t, admin, { cardid: 'T0001', communityId: other, addressId: theirHome });
    const out = await t.post(
      '/card/updateCard',
      { id: theirs.id, addressId: theirHome, account: '13800000003', cardtype: 'patrolcard', cardmode: 'id', cardstatus: 'enable' },
      manager.token,
    );
    expect(out.statusCode).toBe(403);
    expect((await t.get('/card/getCardById', { id: theirs.id }, manager.token)).statusCode).toBe(403);
    expect((await t.get('/card/getCardById', { id: 999999 }, manager.token)).statusCode).toBe(404);
  });

  it('deletes the selected cards, all or none, with the op log', async () => {
    const a = await newCard(t, manager.token, { cardid: 'D0001', communityId: mine, addressId: home });
    const b = await newCard(t, manager.token, { cardid: 'D0002', communityId: mine, addressId: home });
    const theirs = await newCard(t, admin, { cardid: 'D0003', communityId: other, addressId: theirHome });
    expect((await t.post('/card/batchDel', {}, manager.token)).body.msgs).toEqual(['Please choose selection']);
    const refused = await t.post('/card/batchDel', { ids: `${a.id},${theirs.id}` }, manager.token);
    expect(refused.statusCode).toBe(403);
    expect(await t.db.selectFrom('card').select('id').where('id', 'in', [a.id, theirs.id]).execute()).toHaveLength(2);
    const res = await t.post<{ deleted: number }>('/card/batchDel', { ids: [a.id, b.id] }, manager.token);
    expect(res.body).toMatchObject({ status: 200, msgs: ['Batch delete succeeded'], content: { deleted: 2 } });
    expect(await t.db.selectFrom('card').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.gate', content: 'op.card.delete::{"cardids":"D0001, D0002"}' });
  });

  it('names cards when their community or household is deleted', async () => {
    const c = await t.createCommunity('Doomed');
    const h = await addAddress(t, c, 'Doomed 1');
    await newCard(t, admin, { cardid: 'Z0001', communityId: c, addressId: h });
    const res = await t.post('/address/batchDelAddr', { ids: h }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.body.msgs.join(' ')).toContain('1 card(s)');
    expect((await t.db.selectFrom('address').select('id').where('id', '=', h).execute()).length).toBe(1);
    const comm = await t.post('/community/batchDel', { ids: c }, admin);
    expect(comm.statusCode).toBe(409);
    expect(comm.body.msgs.join(' ')).toContain('1 card(s)');
    expect((await t.db.selectFrom('community').select('id').where('id', '=', c).execute()).length).toBe(1);
  });
});
