import { IMPORT_LIMITS, ROUTES } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kit } from '../modules/account/test-kit.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { upload } from '../test/multipart.ts';
import { BOMBS, plainXlsx } from '../test/xlsx-bombs.ts';

/**
 * Hostile spreadsheets (docs/security.md "Uploaded files"): each is refused with a 4xx
 * naming the broken limit, spending bounded memory and CPU time (generous bounds, so a
 * loaded machine never flakes: the strict goals are in `npm run bench -- uploads`),
 * and the server answers its health check afterwards.
 */
let t: TestApp;
let token: string;
let community: number;
beforeAll(async () => {
  t = await testApp();
  token = (await t.signIn({ roleId: 1 })).token;
  community = await t.createCommunity('Hostile');
  await kit(t).address(community, '1-101');
});
afterAll(async () => t.close());

const MB = 1024 * 1024;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** CPU time of this process (the app and its database run in it), in ms: unlike wall-clock time, a loaded machine does not stretch it. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Uploads a file to the account import and measures the peak-RSS growth and CPU time of the refusal. */
async function refuse(data: Buffer, name = 'bomb.xlsx') {
  const before = peakRss();
  const cpu0 = cpuMs();
  const res = await upload(t, ROUTES.account.uploadAccountFile.path, { communityID: community }, [{ field: 'file', name, data }], token);
  const ms = cpuMs() - cpu0;
  const grew = peakRss() - before;
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(grew).toBeLessThan(100 * MB);
  expect(ms).toBeLessThan(5_000);
  expect((await t.get(ROUTES.session.health.path)).statusCode).toBe(200);
  return res.body.msgs;
}

describe('hostile spreadsheets are refused while being read', () => {
  it('a row numbered 30,000,000 (6 KB file): refused at that row', async () => {
    expect(await refuse(await BOMBS.rowNumber())).toEqual(['Row number 30000000 is beyond the last row a sheet may have (1048576)']);
  });

  it('one shared string of 300 MB: refused by the declared part size, before inflating', async () => {
    expect(await refuse(await BOMBS.hugeString())).toEqual(['The part xl/sharedStrings.xml of the spreadsheet unpacks to more than 64 MB']);
  });

  it('a 1 MB cell inside the part limit: refused while its text is read', async () => {
    expect(await refuse(await BOMBS.longCell())).toEqual([`A cell may hold at most ${IMPORT_LIMITS.cellChars} characters`]);
  });

  it('10 million shared strings (400 KB file): refused by the part size; past the count limit: refused by counting', async () => {
    expect(await refuse(await BOMBS.manyStrings())).toEqual([
      'The part xl/sharedStrings.xml of the spreadsheet unpacks to more than 64 MB',
    ]);
    expect(await refuse(await BOMBS.countedStrings(IMPORT_LIMITS.sharedStrings))).toEqual([
      `A spreadsheet may hold at most ${IMPORT_LIMITS.sharedStrings} distinct texts`,
    ]);
  });

  it('deflate bombs: parts that sum past the unpacked limit, and a part that lies about its size', async () => {
    expect(await refuse(await BOMBS.deflate())).toEqual(['The spreadsheet unpacks to more than 128 MB']);
    expect(await refuse(await BOMBS.lyingSize())).toEqual(['The file is not a valid spreadsheet (.xlsx)']);
  });

  it('a truncated zip and a PNG named .xlsx: not a spreadsheet', async () => {
    expect(await refuse(await BOMBS.truncated())).toEqual(['The file is not a valid spreadsheet (.xlsx)']);
    expect(await refuse(await BOMBS.png())).toEqual(['The file is not a valid spreadsheet (.xlsx)']);
  });

  it('an .xls (OLE2) file: refused by its content, naming .xlsx, without being parsed', async () => {
    expect(await refuse(await BOMBS.xls(), 'evil.xls')).toEqual([
      'Excel 97-2003 files (.xls) are not accepted: save the file as an Excel workbook (.xlsx) and import it again',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('every import route reads through the same guard', async () => {
    const bomb = await BOMBS.rowNumber();
    const routes: [string, Record<string, string | number>][] = [
      [ROUTES.account.uploadAccounts.path, { communityID: community }],
      [ROUTES.address.uploadAddrsFile.path, { communityID: community }],
      [ROUTES.address.uploadAMTFile.path, { communityID: community }],
      [ROUTES.card.uploadCardFile.path, { communityID: community, ismjtk: 1 }],
      [ROUTES.pool.importPool.path, {}],
    ];
    for (const [path, fields] of routes) {
      const res = await upload(t, path, fields, [{ field: 'file', name: 'bomb.xlsx', data: bomb }], token);
      expect([path, res.statusCode, res.body.msgs]).toEqual([
        path,
        400,
        ['Row number 30000000 is beyond the last row a sheet may have (1048576)'],
      ]);
    }
  });

  it('a good workbook written by another producer (inline strings, no shared-string table) still imports', async () => {
    const file = await plainXlsx([
      ['Area code', 'Phone number', 'Name', 'Password', 'Role', 'Householder address', 'Face limit', 'Resident limit'],
      ['86', '13855550001', 'Hostile Ok', 'Init123', '7', '1-101', '6', '3'],
    ]);
    const res = await upload(
      t,
      ROUTES.account.uploadAccountFile.path,
      { communityID: community },
      [{ field: 'file', name: 'ok.xlsx', data: file }],
      token,
    );
    expect(res.body).toMatchObject({ status: 200, content: { imported: 1, rejected: 0 } });
  });
});
