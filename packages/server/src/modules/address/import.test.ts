import ExcelJS from 'exceljs';
import type { AddressImportReport } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { upload } from '../../test/multipart.ts';
import { workbookBuffer } from '../../xlsx/write.ts';

let t: TestApp;
let engineer: { id: number; token: string };
let community: number;
let other: number;

const HEAD = [
  'Address',
  'Short name',
  'Type (Door unit/Householder/Management centre)',
  'Single-family (Yes/No)',
  'Face (Yes/No)',
  'QR code (Yes/No)',
  'Card (Yes/No)',
  'Password (Yes/No)',
];
const xlsx = async (rows: (string | number)[][], head = HEAD) => ({
  name: 'addresses.xlsx',
  data: await workbookBuffer('s', head, rows),
  field: 'file',
});
const countIn = async (id: number) =>
  (await t.db.selectFrom('address').select(sql<number>`count(*)::int`.as('n')).where('community_id', '=', id).executeTakeFirstOrThrow()).n;

beforeAll(async () => {
  t = await testApp();
  engineer = await t.signIn({ roleId: 3 });
  community = await t.createCommunity('Import Court');
  other = await t.createCommunity('Import Elsewhere');
  await t.db.insertInto('community_engineer').values({ community_id: community, account_id: engineer.id }).execute();
  await t.db
    .insertInto('address')
    .values({ community_id: community, address: 'Existing 1', name: 'E1', type: 1, is_villa: 0, hardware: 0, devstate: 0, reg_no: null })
    .execute();
});
afterAll(async () => t.close());

describe('uploadAddrsFile', () => {
  it('answers 401, 403 out of scope and 400 without a community', async () => {
    const file = await xlsx([['R1', 'R1', 'Householder', 'No']]);
    expect((await upload(t, '/address/uploadAddrsFile', { communityID: community }, [file])).statusCode).toBe(401);
    expect((await upload(t, '/address/uploadAddrsFile', { communityID: other }, [file], engineer.token)).statusCode).toBe(403);
    const none = await upload(t, '/address/uploadAddrsFile', {}, [file], engineer.token);
    expect(none.body.msgs).toEqual(['Please choose community']);
    expect(await countIn(other)).toBe(0);
  });

  it('reports exactly the bad rows and imports nothing', async () => {
    const file = await xlsx([
      ['Gate 1', 'G1', 'Door unit', 'No', 'Yes', 'Yes', 'Yes', 'No'],
      ['Room 1', 'R1', 'Spaceship', 'No'],
      ['Room 2', 'R2', '住户', '否'],
      ['Existing 1', 'E', 'Householder', 'No'],
      ['Room 3', 'R3', 'Householder', 'Maybe'],
    ]);
    const res = await upload<AddressImportReport>(t, '/address/uploadAddrsFile', { communityID: community }, [file], engineer.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['3 rows are wrong; nothing was imported. Fix them and import again']);
    expect(res.body.content.errors).toEqual([
      {
        row: 3,
        column: 'Type (Door unit/Householder/Management centre)',
        message: 'The type must be door unit, householder or management centre',
      },
      { row: 5, column: 'Address', message: 'The community already has the address "Existing 1"' },
      { row: 6, column: 'Single-family (Yes/No)', message: 'single-family must be Yes or No' },
    ]);
    expect(await countIn(community)).toBe(1);
  });

  it('imports every row of a good file, with an import-history message (type 1) and the op log', async () => {
    const file = await xlsx([
      ['Gate 1', 'G1', 'Door unit', 'No', 'Yes', 'Yes', 'Yes', 'No'],
      ['Room 1', 'R1', '住户', '否'],
      ['Office', 'O', 2, ''],
    ]);
    const res = await upload<AddressImportReport>(t, '/address/uploadAddrsFile', { communityID: community }, [file], engineer.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.content).toEqual({ imported: 3, rejected: 0, errors: [], omitted: 0, kinds: [] });
    const gate = await t.db
      .selectFrom('address')
      .select(['type', 'hardware', 'is_villa'])
      .where('community_id', '=', community)
      .where('address', '=', 'Gate 1')
      .executeTakeFirstOrThrow();
    expect(gate).toEqual({ type: 0, hardware: 7, is_villa: 0 });
    const m = await t.db.selectFrom('message').select(['type', 'community_id', 'file_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(m).toMatchObject({ type: 1, community_id: community });
    expect(m.file_id).not.toBeNull();
    expect((await t.lastOpLog())?.content).toContain('import.done');
  });

  it('serves a template with the headers in the session language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/address/addrsTemplate',
      headers: { token: engineer.token, 'x-lang': 'english' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(((wb.worksheets[0]?.getRow(1).values ?? []) as string[]).slice(1)).toEqual(HEAD);
  });
});

describe('uploadAMTFile', () => {
  const AMT_HEAD = ['Door unit address', 'Call code', 'Called address'];
  it('refuses unknown addresses, 00 and duplicates by row, then imports', async () => {
    const c = await t.createCommunity('Amt Import');
    await t.db.insertInto('community_engineer').values({ community_id: c, account_id: engineer.id }).execute();
    const ins = (address: string, type: number) =>
      t.db
        .insertInto('address')
        .values({ community_id: c, address, name: address, type, is_villa: 0, hardware: 0, devstate: 0, reg_no: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    const gate = (await ins('Gate A', 0)).id;
    await ins('Room 1', 1);
    await ins('Room 2', 1);
    const bad = await xlsx(
      [
        ['Gate A', '1', 'Room 1'],
        ['Gate Z', '2', 'Room 2'],
        ['', '00', 'Room 2'],
        ['Gate A', '1', 'Room 2'],
      ],
      AMT_HEAD,
    );
    const res = await upload<AddressImportReport>(t, '/address/uploadAMTFile', { communityID: c, addressId: gate }, [bad], engineer.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.content.errors.map((e) => [e.row, e.message])).toEqual([
      [3, 'No address "Gate Z" in this community'],
      [4, 'The call code may not be 00'],
      [5, 'The call code 1 is already used on this door unit by "Room 1"'],
    ]);
    expect(await t.db.selectFrom('amt').select('id').where('community_id', '=', c).execute()).toHaveLength(0);
    const good = await xlsx(
      [
        ['Gate A', '1', 'Room 1'],
        ['', '2', 'Room 2'],
      ],
      AMT_HEAD,
    );
    const ok = await upload<AddressImportReport>(t, '/address/uploadAMTFile', { communityID: c, addressId: gate }, [good], engineer.token);
    expect(ok.body.content.imported).toBe(2);
    const codes = await t.db
      .selectFrom('amt')
      .select(['code', 'caller_address_id'])
      .where('community_id', '=', c)
      .orderBy('code')
      .execute();
    expect(codes).toEqual([
      { code: '1', caller_address_id: gate },
      { code: '2', caller_address_id: gate },
    ]);
    expect((await t.db.selectFrom('message').select('type').orderBy('id', 'desc').executeTakeFirstOrThrow()).type).toBe(2);
    expect((await upload(t, '/address/uploadAMTFile', { communityID: other }, [good], engineer.token)).statusCode).toBe(403);
  });
});
