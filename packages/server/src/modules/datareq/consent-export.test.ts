import fs from 'node:fs';
import path from 'node:path';
import type { PersonSummary } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed, sealedFiles } from '../../faces/sealed-files.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress, managerOf } from '../card/test-kit.ts';
import { csvRows, unzip } from './test-zip.ts';

/** The person's face consent records and their scanned forms in the export (issue 35 items 1 and 2). */
let t: TestApp;
let admin: string;
let community: number;
let other: number;
const phone = '13700002001';
const scan = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('signed consent form of Li Lei')]);

async function addConsent(communityId: number, v: { guardian?: string; method: string; form?: Buffer; withdrawn?: Date; purpose: string }) {
  let formId: number | null = null;
  if (v.form) {
    const rel = await sealedFiles(t.config).write('consent', v.form, '.pdf');
    formId = (
      await t.db
        .insertInto('stored_file')
        .values({
          kind: 'consent',
          path: rel,
          mime: 'application/pdf',
          size: v.form.length,
          original_name: 'form.pdf',
          community_id: communityId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  return (
    await t.db
      .insertInto('face_consent')
      .values({
        community_id: communityId,
        face_id: null,
        account: phone,
        person_name: 'Li Lei',
        giver: v.guardian ? 'guardian' : 'person',
        guardian_name: v.guardian ?? '',
        method: v.method,
        purpose: v.purpose,
        lang: 'en',
        staff_regno: '13800000077',
        form_file_id: formId,
        withdrawn_at: v.withdrawn ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  community = await t.createCommunity('Consent Court');
  other = await t.createCommunity('Consent Other');
  const home = await addAddress(t, community, 'C 101');
  await t.createAccount({ roleId: 7, regNo: phone, name: 'Li Lei', communityId: community, addressId: home });
});
afterAll(async () => {
  await t.close();
});

describe('consent records in the export', () => {
  it("lists each consent record of the person in the caller's communities, with its scanned form opened from its seal", async () => {
    const signed = await addConsent(community, { guardian: 'Li Da', method: 'form', form: scan, purpose: 'Door recognition only' });
    const withdrawn = await addConsent(community, {
      method: 'in_person',
      withdrawn: new Date('2026-10-05T08:00:00Z'),
      purpose: 'Gate use',
    });
    const elsewhere = await addConsent(other, { method: 'app', purpose: 'Elsewhere' });
    const manager = await managerOf(t, community);

    const summary = await t.get<PersonSummary>('/datareq/getPersonSummary', { account: phone }, manager.token);
    expect(summary.body.content.sections.find((s) => s.name === 'face-consents')?.rows).toBe(2);
    expect(summary.body.content.files).toBe(1);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/datareq/exportPerson?account=${phone}`,
      headers: { token: manager.token, 'x-lang': 'english' },
    });
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    const sheet = files.get('face-consents.csv');
    expect(sheet?.toString('utf8')).toContain('Given by,Guardian,How,Given at,Staff member,Purpose shown,Withdrawn at');
    const rows = csvRows(sheet);
    expect(rows.map((r) => r[0])).toEqual([String(signed), String(withdrawn)]);
    expect(rows[0]).toEqual([
      String(signed),
      phone,
      'Li Lei',
      'A guardian',
      'Li Da',
      'Signed form (scanned)',
      expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/),
      '13800000077',
      'Door recognition only',
      '',
      '',
      `consents/consent-${signed}.pdf`,
    ]);
    expect(rows[1]?.slice(3, 6)).toEqual(['The person', '', 'In person']);
    expect(rows[1]?.[9]).toMatch(/^2026\/10\/05 /);
    expect(rows[1]?.[11]).toBe('');
    // The scan in the zip is the plain form; on disk it stays sealed.
    expect(files.get(`consents/consent-${signed}.pdf`)?.equals(scan)).toBe(true);
    const stored = await t.db.selectFrom('stored_file').select('path').where('kind', '=', 'consent').executeTakeFirstOrThrow();
    expect(isSealed(fs.readFileSync(path.join(t.config.dataDir, stored.path)))).toBe(true);

    // Every community's records for an administrator.
    const all = await t.app.inject({ method: 'GET', url: `/api/datareq/exportPerson?account=${phone}`, headers: { token: admin } });
    expect(csvRows((await unzip(all.rawPayload)).get('face-consents.csv')).map((r) => Number(r[0]))).toEqual([
      signed,
      withdrawn,
      elsewhere,
    ]);
  });
});
