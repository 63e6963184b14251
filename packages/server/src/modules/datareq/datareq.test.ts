import type { PersonSummary, RetentionPreview, RetentionSettings } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress, managerOf, newCard } from '../card/test-kit.ts';
import { insertPhotoRow, writePhoto } from '../face/photos.ts';
import { runRetention } from './retention.ts';
import { csvRows, unzip } from './test-zip.ts';

/** A person's data export and the retention (issue 35 items 2 and 4), over the API on the test database. */
let t: TestApp;
let admin: string;
let community: number;
let other: number;
let gate: number;
let seq = 0;

const DAY = 86_400_000;

async function addFace(communityId: number, addressId: number, account: string, jpeg: Buffer): Promise<number> {
  const rel = await writePhoto(t.config, jpeg);
  const fileId = await insertPhotoRow(t.db, rel, jpeg.length, communityId, 'f.jpg');
  return (
    await t.db
      .insertInto('face')
      .values({ community_id: communityId, address_id: addressId, account, user_name: 'Wang Fang', photo_file_id: fileId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function addEvents(communityId: number, account: string, n: number, work: boolean, at: Date, name = 'Wang Fang') {
  await sql`insert into access_event (eid, community_id, device_name, time, type, result, account, unlock_user_name, card_num, card_mode, is_work)
    select 'ev-' || ${account} || '-' || ${String(work)} || '-' || ${at.toISOString()} || '-' || g, ${communityId}, 'Gate D', ${at}::timestamptz + g * interval '1 minute',
      1, 1, ${account}, ${name}, 'C1', 0, ${work}
    from generate_series(1, ${n}::int) g`.execute(t.db);
}

/** A household with an account, a card, a face with a photo, a visitor pass, access events and punches. */
async function person(communityId = community) {
  seq += 1;
  const home = await addAddress(t, communityId, `Block P ${seq}`);
  const phone = `1370000${String(1000 + seq).padStart(4, '0')}`;
  await t.createAccount({ roleId: 7, regNo: phone, name: 'Wang Fang', communityId, addressId: home });
  const card = await newCard(t, admin, { cardid: `DR${seq}`, communityId, addressId: home, account: phone });
  const jpeg = Buffer.from(`jpeg bytes of ${phone}`);
  const face = await addFace(communityId, home, phone, jpeg);
  const pass = await t.db
    .insertInto('visitor_qrcode')
    .values({
      device_id: 0,
      address_id: gate,
      community_id: communityId,
      user_regno: phone,
      account_id: null,
      device_name: 'Gate D',
      num_open: 3,
      validfrom: new Date(),
      validto: new Date(Date.now() + DAY),
      payload: `QR-${phone}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addEvents(communityId, phone, 25, false, new Date('2026-10-01T00:00:00Z'));
  await addEvents(communityId, phone, 4, true, new Date('2026-10-02T00:00:00Z'));
  return { home, phone, card, face, jpeg, pass: Number(pass.id) };
}

beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  community = await t.createCommunity('Privacy Court');
  other = await t.createCommunity('Privacy Other');
  gate = await addAddress(t, community, 'Gate D', 0);
});
afterAll(async () => {
  await t.close();
});

const exportOf = (q: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/datareq/exportPerson?${q}`, headers: token ? { token, 'x-lang': 'english' } : {} });

describe('what do you hold about me', () => {
  it('401 without a session, 403 for a role not allowed and for staff of another community (nothing produced, nothing logged)', async () => {
    const p = await person();
    expect((await exportOf(`account=${p.phone}`)).statusCode).toBe(401);
    const engineer = await t.signIn({ roleId: 3 });
    expect((await exportOf(`account=${p.phone}`, engineer.token)).statusCode).toBe(403);
    const outsider = await managerOf(t, other);
    const before = await t.lastOpLog();
    for (const q of [`account=${p.phone}`, `addressId=${p.home}`]) {
      const res = await exportOf(q, outsider.token);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().msgs[0]).toMatch(/community/i);
    }
    expect((await t.get('/datareq/getPersonSummary', { account: p.phone }, outsider.token)).statusCode).toBe(403);
    expect((await t.lastOpLog())?.id).toBe(before?.id);
  });

  it('400 without exactly one subject, and for a phone nothing is held about', async () => {
    const none = await t.get('/datareq/getPersonSummary', {}, admin);
    expect(none.statusCode).toBe(400);
    const unknown = await t.get('/datareq/getPersonSummary', { account: '13999999999' }, admin);
    expect([unknown.statusCode, unknown.body.msgs]).toEqual([400, ['Nothing is held about this person']]);
  });

  it('exports an account: every section in the zip, the photo bytes equal, the QR image, events and punches; the op log names who and whom', async () => {
    const p = await person();
    const manager = await managerOf(t, community);
    const summary = await t.get<PersonSummary>('/datareq/getPersonSummary', { account: p.phone }, manager.token);
    expect(summary.statusCode).toBe(200);
    const rows = Object.fromEntries(summary.body.content.sections.map((s) => [s.name, s.rows]));
    expect(rows).toMatchObject({
      account: 1,
      households: 1,
      cards: 1,
      faces: 1,
      'visitor-passes': 1,
      'access-events': 25,
      'attendance-punches': 4,
    });
    expect(summary.body.content.files).toBe(2);

    const res = await exportOf(`account=${p.phone}`, manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    expect(Number(res.headers['x-export-rows'])).toBe(total);
    const files = await unzip(res.rawPayload);
    expect(files.get(`photos/face-${p.face}.jpg`)?.equals(p.jpeg)).toBe(true);
    expect(files.get(`qrcodes/pass-${p.pass}.png`)?.subarray(1, 4).toString()).toBe('PNG');
    const account = csvRows(files.get('account.csv'));
    expect(account).toHaveLength(1);
    expect(account[0]?.[1]).toBe(p.phone);
    expect(files.get('account.csv')?.toString('utf8')).toContain('Account,Name,Role');
    expect(csvRows(files.get('households.csv'))[0]?.[2]).toBe(`Block P ${seq}`);
    expect(csvRows(files.get('cards.csv'))[0]?.[1]).toBe(`DR${seq}`);
    expect(csvRows(files.get('faces.csv'))[0]?.[7]).toBe(`photos/face-${p.face}.jpg`);
    expect(csvRows(files.get('visitor-passes.csv'))[0]?.[6]).toBe(`QR-${p.phone}`);
    const events = csvRows(files.get('access-events.csv'));
    expect(events).toHaveLength(25);
    // Oldest first, every one the person's.
    expect(events.every((e) => e[7] === p.phone)).toBe(true);
    expect(events[0]?.[1] && events[24]?.[1] && events[0][1] < events[24][1]).toBe(true);
    expect(csvRows(files.get('attendance-punches.csv'))).toHaveLength(4);
    // The card creation is an op-log entry about them.
    expect(csvRows(files.get('operation-log.csv')).some((r) => r.join(',').includes(p.phone))).toBe(true);

    const log = await t.lastOpLog();
    expect(log?.account_id).toBe(manager.id);
    expect(log?.content).toContain('op.datareq.export');
    expect(log?.content).toContain(p.phone);
    expect(log?.community_id).toBe(community);
  });

  it('exports a household by its address, and only what the caller may see of an account', async () => {
    const p = await person();
    const res = await exportOf(`addressId=${p.home}`, admin);
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(csvRows(files.get('account.csv'))[0]?.[1]).toBe(p.phone);
    expect(csvRows(files.get('access-events.csv'))).toHaveLength(25);
    expect(files.get(`photos/face-${p.face}.jpg`)?.equals(p.jpeg)).toBe(true);
    // The same phone holds a card in another community: a manager of this one does not get it.
    await newCard(t, admin, {
      cardid: `DX${seq}`,
      communityId: other,
      addressId: await addAddress(t, other, `Other ${seq}`),
      account: p.phone,
    });
    const manager = await managerOf(t, community);
    const mine = await unzip((await exportOf(`account=${p.phone}`, manager.token)).rawPayload);
    expect(csvRows(mine.get('cards.csv')).map((r) => r[1])).toEqual([`DR${seq}`]);
    const all = await unzip((await exportOf(`account=${p.phone}`, admin)).rawPayload);
    expect(csvRows(all.get('cards.csv')).map((r) => r[1])).toEqual([`DR${seq}`, `DX${seq}`]);
  });
});

describe('retention', () => {
  it('settings: defaults, range checks with the field named, 403 out of scope, saved with an op-log entry', async () => {
    const c = await t.createCommunity('Retention Defaults');
    const got = await t.get<RetentionSettings>('/datareq/getRetention', { communityId: c }, admin);
    expect(got.body.content).toMatchObject({ faceDays: 30, eventMonths: 0, eventMode: 'pseudonymise', visitorDays: 90 });
    const bad = await t.post(
      '/datareq/setRetention',
      { communityId: c, faceDays: -1, eventMonths: 6, eventMode: 'drop', visitorDays: 5 },
      admin,
    );
    expect([bad.statusCode, bad.body.msgs]).toEqual([400, ['The days faces are kept after a move-out must be between 0 and 3650']]);
    const outsider = await managerOf(t, other);
    expect((await t.get('/datareq/getRetention', { communityId: c }, outsider.token)).statusCode).toBe(403);
    const ok = await t.post(
      '/datareq/setRetention',
      { communityId: c, faceDays: 10, eventMonths: 6, eventMode: 'drop', visitorDays: 5 },
      admin,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.get<RetentionSettings>('/datareq/getRetention', { communityId: c }, admin)).body.content).toMatchObject({
      faceDays: 10,
      eventMonths: 6,
      eventMode: 'drop',
    });
    expect((await t.lastOpLog())?.content).toContain('op.datareq.setRetention');
  });

  it('the dry run lists what the run then does, per community N; the run is done once a day, on one instance', async () => {
    const now = new Date('2027-03-15T12:00:00Z');
    const a = await t.createCommunity('Retention A');
    const b = await t.createCommunity('Retention B');
    const gateA = await addAddress(t, a, 'Gate A', 0);
    const gateB = await addAddress(t, b, 'Gate B', 0);
    // A door unit on gate A: the face's removal is sent to it.
    await t.db
      .insertInto('device')
      .values({ serial: 'RET-A', name: 'A', is_villa: 0, hardware: 15, note: '', address_id: gateA })
      .execute();
    await t.post('/datareq/setRetention', { communityId: a, faceDays: 30, eventMonths: 3, eventMode: 'drop', visitorDays: 10 }, admin);
    await t.post(
      '/datareq/setRetention',
      { communityId: b, faceDays: 60, eventMonths: 3, eventMode: 'pseudonymise', visitorDays: 0 },
      admin,
    );
    // A face whose entries ended 40 days before: erased in A (30 days), kept in B (60 days).
    const faceIn = async (c: number, g: number, phone: string) => {
      const id = await addFace(c, await addAddress(t, c, `Home ${phone}`), phone, Buffer.from('x'));
      await t.db
        .insertInto('face_gate')
        .values({ face_id: id, gate_id: g, validfrom: new Date(now.getTime() - 400 * DAY), validto: new Date(now.getTime() - 40 * DAY) })
        .execute();
      return id;
    };
    const faceA = await faceIn(a, gateA, '13600000001');
    const faceB = await faceIn(b, gateB, '13600000002');
    const current = await addFace(a, await addAddress(t, a, 'Home current'), '13600000003', Buffer.from('y'));
    await t.db
      .insertInto('face_gate')
      .values({ face_id: current, gate_id: gateA, validfrom: now, validto: new Date(now.getTime() + 300 * DAY) })
      .execute();
    // Events: 6 older than 3 months and 2 newer in each community.
    for (const c of [a, b]) {
      await addEvents(c, `1360000000${c % 10}`, 6, false, new Date('2026-10-01T00:00:00Z'));
      await addEvents(c, `1360000000${c % 10}`, 2, false, new Date('2027-03-01T00:00:00Z'));
    }
    await t.db
      .insertInto('visitor_qrcode')
      .values(
        [11, 5].map((d) => ({
          device_id: 0,
          address_id: gateA,
          community_id: a,
          user_regno: '13600000001',
          account_id: null,
          device_name: 'Gate A',
          num_open: 1,
          validfrom: new Date(now.getTime() - (d + 1) * DAY),
          validto: new Date(now.getTime() - d * DAY),
          payload: `old-${d}`,
        })),
      )
      .execute();

    const preview = async (c: number) => {
      const res = t.app.inject({ method: 'GET', url: `/api/datareq/previewRetention?communityId=${c}`, headers: { token: admin } });
      return (await res).json().content as RetentionPreview;
    };
    // The route previews at the time of the call; the job's test time is compared through the same plan.
    const { previewRetention } = await import('./retention.ts');
    expect((await preview(a)).communityId).toBe(a);
    const caller = {
      sessionId: 0,
      accountId: 0,
      roleId: 0,
      regNo: 'test',
      name: 'test',
      communityId: 0,
      menuIds: new Set<number>(),
      scope: { all: true as const },
    };
    const pa = await previewRetention({ ...t.services, lang: 'en', ip: '', caller }, a, now);
    const pb = await previewRetention({ ...t.services, lang: 'en', ip: '', caller }, b, now);
    expect(pa.faces.map((f) => f.id)).toEqual([faceA]);
    expect(pb.faces).toEqual([]);
    expect([pa.events, pa.visitorRecords, pb.events, pb.visitorRecords]).toEqual([6, 1, 6, 0]);

    // Two instances at the same moment: one does it.
    const [r1, r2] = await Promise.all([runRetention(t.services, now), runRetention(t.services, now)]);
    const reports = [r1, r2].filter((r) => r !== null);
    expect(reports).toHaveLength(1);
    const byCommunity = new Map(reports[0]?.map((r) => [r.communityId, r]));
    expect(byCommunity.get(a)).toMatchObject({ faces: 1, events: 6, visitors: 1 });
    expect(byCommunity.get(b)).toMatchObject({ faces: 0, events: 6, visitors: 0 });
    expect(await runRetention(t.services, now)).toBeNull();

    const faces = (await t.db.selectFrom('face').select('id').where('id', 'in', [faceA, faceB, current]).execute()).map((f) => f.id);
    expect(faces.sort()).toEqual([faceB, current].sort());
    // The face went through the face area's delete path: its door unit was told.
    const told = await t.db.selectFrom('command').select('object_key').where('address_id', '=', gateA).execute();
    expect(told.map((c) => c.object_key)).toContain(`face:${faceA}`);
    const left = async (c: number) =>
      t.db
        .selectFrom('access_event')
        .select(['account', 'unlock_user_name', 'time'])
        .where('community_id', '=', c)
        .orderBy('time')
        .execute();
    expect(await left(a)).toHaveLength(2);
    const pseudo = await left(b);
    expect(pseudo).toHaveLength(8);
    expect(pseudo.slice(0, 6).every((e) => e.account.startsWith('anon-') && e.unlock_user_name === '')).toBe(true);
    expect(pseudo.slice(6).every((e) => !e.account.startsWith('anon-') && e.unlock_user_name === 'Wang Fang')).toBe(true);
    // After the run the dry run finds nothing more.
    const again = await previewRetention({ ...t.services, lang: 'en', ip: '', caller }, b, now);
    expect([again.events, again.faces.length]).toEqual([0, 0]);
    const logged = await t.db
      .selectFrom('op_log')
      .select(['content', 'community_id', 'regno'])
      .where('content', 'like', 'op.datareq.retentionRun%')
      .where('community_id', 'in', [a, b])
      .execute();
    expect(logged.map((l) => [l.community_id, l.regno]).sort()).toEqual([
      [a, 'retention'],
      [b, 'retention'],
    ]);
    expect(logged.find((l) => l.community_id === a)?.content).toContain('"faces":1');
  });
});
