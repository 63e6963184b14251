import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CMD_KIND, CMD_STATUS } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoDevices } from './devices.ts';
import { checkPhoto } from '../faces/photo.ts';
import { until } from '../test/devices.ts';
import { type TestApp, testApp } from '../test/harness.ts';
import { seedDemo } from './data.ts';

let t: TestApp;
let stop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: `ghd${crypto.randomBytes(3).toString('hex')}` } });
});
afterAll(async () => {
  await stop?.();
  await t.close();
});

describe('demo data (DEMO=1)', () => {
  it('seeds accounts, cards and faces whose photos pass the face check, and the demo units receive them', async () => {
    const accounts = await seedDemo(t.db, t.config.dataDir);
    expect(accounts.map((a) => a.roleId).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 7, 8, 9, 10, 11]);
    expect(await seedDemo(t.db, t.config.dataDir)).toEqual([]); // only on an empty database

    const faces = await t.db
      .selectFrom('face as f')
      .innerJoin('stored_file as s', 's.id', 'f.photo_file_id')
      .select(['f.id', 'f.account', 's.path'])
      .orderBy('f.id')
      .execute();
    expect(faces.map((f) => f.account)).toEqual(['13900000007', '13900000005']);
    for (const f of faces) await checkPhoto(fs.readFileSync(path.join(t.config.dataDir, f.path)));
    expect((await t.db.selectFrom('card').select('id').execute()).length).toBe(4);

    stop = await startDemoDevices(t.services, { bindNew: true });
    const facePuts = () => t.db.selectFrom('command').select(['status', 'payload']).where('kind', '=', CMD_KIND.facePut).execute();
    // Each demo face goes to the two face-capable door units of its community; the units answer them
    // (a demo unit fails about one command in twenty on purpose, so "answered" is success or failure).
    await until(
      async () => {
        const rows = await facePuts();
        return rows.length === 4 && rows.every((r) => r.status === CMD_STATUS.success || r.status === CMD_STATUS.failed);
      },
      60_000,
      'demo faces answered by the demo units',
    );
    const payloads = (await facePuts()).map(
      (r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { imgBase64: string },
    );
    for (const p of payloads) expect(Buffer.from(p.imgBase64, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // the alarm records are not empty on a fresh demo
    await until(
      async () => (await t.db.selectFrom('alarm').select('kind').where('eid', 'is not', null).execute()).length === 2,
      20_000,
      'demo alarms',
    );
    const kinds = await t.db.selectFrom('alarm').select('kind').where('eid', 'is not', null).orderBy('kind').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['heldOpen', 'tamper']);
  });
});
