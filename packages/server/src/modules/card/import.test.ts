import ExcelJS from 'exceljs';
import type { CardImportReport } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { upload } from '../../test/multipart.ts';
import { workbookBuffer } from '../../xlsx/write.ts';
import { addAddress, managerOf, newCard, revokeMenu } from './test-kit.ts';

let t: TestApp;
let manager: { id: number; token: string };
let mine: number;
let other: number;

const HEAD = [
  'Card number',
  'Household address',
  'Account (mobile)',
  'Card type (accesscard/patrolcard/laddercard/accladdcard/authcard)',
  'Card mode (ic/id)',
  'Card status (enable/disable)',
];
const xlsx = async (rows: (string | number)[][], head = HEAD) => ({
  name: 'cards.xlsx',
  data: await workbookBuffer('s', head, rows),
  field: 'file',
});
const cardsIn = async (id: number) =>
  await t.db
    .selectFrom('card')
    .select(['card_no', 'card_type', 'status', 'address_id'])
    .where('community_id', '=', id)
    .orderBy('card_no')
    .execute();

beforeAll(async () => {
  t = await testApp();
  mine = await t.createCommunity('Import Court');
  other = await t.createCommunity('Elsewhere');
  manager = await managerOf(t, mine);
  await addAddress(t, mine, 'Room 1');
  await addAddress(t, mine, 'Room 2');
  await newCard(t, manager.token, { cardid: 'OLD1', communityId: mine, addressId: await addAddress(t, mine, 'Room 9') });
});
afterAll(async () => t.close());

describe('uploadCardFile', () => {
  it('answers 401, 403 out of scope or without the list menu, 400 without a community', async () => {
    const file = await xlsx([['N1', 'Room 1', '13800000001', 'accesscard', 'ic', 'enable']]);
    expect((await upload(t, '/card/uploadCardFile', { communityID: mine, ismjtk: 1 }, [file])).statusCode).toBe(401);
    expect((await upload(t, '/card/uploadCardFile', { communityID: other, ismjtk: 1 }, [file], manager.token)).statusCode).toBe(403);
    const staff = await managerOf(t, mine);
    await revokeMenu(t, staff.id, 'access.gate');
    expect((await upload(t, '/card/uploadCardFile', { communityID: mine, ismjtk: 1 }, [file], staff.token)).statusCode).toBe(403);
    expect((await upload(t, '/card/uploadCardFile', { ismjtk: 1 }, [file], manager.token)).body.msgs).toEqual(['Please choose community']);
    expect(await cardsIn(mine)).toHaveLength(1);
  });

  it('reports each bad row with its column and imports nothing', async () => {
    const file = await xlsx([
      ['N1', 'Room 1', '13800000001', 'accesscard', 'ic', 'enable'],
      ['N2', 'Room 77', '13800000002', 'accesscard', 'ic', ''],
      ['OLD1', 'Room 1', '13800000003', 'patrolcard', 'id', 'disable'],
      ['N1', 'Room 2', '123', 'laddercard', 'nfc', 'enable'],
    ]);
    const res = await upload<CardImportReport>(t, '/card/uploadCardFile', { communityID: mine, ismjtk: 1 }, [file], manager.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['3 rows are wrong; nothing was imported. Fix them and import again']);
    expect(res.body.content.errors).toEqual([
      { row: 3, column: 'Household address', message: 'The community has no address "Room 77"' },
      { row: 4, column: 'Card number', message: 'Card number OLD1 already exists in this community' },
      { row: 5, column: 'Account (mobile)', message: 'Please enter a valid phone number' },
      { row: 5, column: HEAD[4], message: 'card mode is invalid' },
    ]);
    expect(await cardsIn(mine)).toHaveLength(1);
    const dup = await upload<CardImportReport>(
      t,
      '/card/uploadCardFile',
      { communityID: mine, ismjtk: 1 },
      [
        await xlsx([
          ['N5', 'Room 1', '13800000001', 'laddercard', 'ic', ''],
          ['N5', 'Room 2', '13800000001', 'accesscard', 'ic', ''],
        ]),
      ],
      manager.token,
    );
    expect(dup.body.content.errors.map((e) => [e.row, e.message])).toEqual([
      [2, 'Card type laddercard is not allowed in this list'],
      [3, 'Card number N5 appears more than once in the file'],
    ]);
  });

  it('imports every row of a good file, with an import-history message (type 4) and the op log', async () => {
    const file = await xlsx([
      ['N1', 'room 1', '13800000001', 'laddercard', 'ic', ''],
      ['N2', 'Room 2', '13800000002', 'accladdcard', 'id', 'disable'],
    ]);
    const res = await upload<CardImportReport>(t, '/card/uploadCardFile', { communityID: mine, ismjtk: 2 }, [file], manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.msgs).toEqual(['Import succeeded']);
    expect(res.body.content).toEqual({ imported: 2, rejected: 0, errors: [], omitted: 0, kinds: [] });
    expect((await cardsIn(mine)).map((c) => [c.card_no, c.card_type, c.status])).toEqual([
      ['N1', 'laddercard', 'enable'],
      ['N2', 'accladdcard', 'disable'],
      ['OLD1', 'accesscard', 'enable'],
    ]);
    const m = await t.db.selectFrom('message').select(['type', 'community_id', 'file_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(m).toMatchObject({ type: 4, community_id: mine });
    expect(m.file_id).not.toBeNull();
    expect(await t.lastOpLog()).toMatchObject({ name2: 'access.ladder', content: expect.stringContaining('import.done') });
  });

  it('serves a template with the headers in the session language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/card/cardTemplate',
      headers: { token: manager.token, 'x-lang': 'english' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(((wb.worksheets[0]?.getRow(1).values ?? []) as string[]).slice(1)).toEqual(HEAD);
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/card/cardTemplate',
      headers: { token: await t.tokenFor(manager.id, 'zh-CN') },
    });
    const wz = new ExcelJS.Workbook();
    await wz.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(((wz.worksheets[0]?.getRow(1).values ?? []) as string[])[1]).toBe('卡号');
  });
});
