import fs from 'node:fs';
import path from 'node:path';
import { accountsBench } from './accounts.ts';
import { alarmsBench } from './alarms.ts';
import { backupBench } from './backup.ts';
import { bigGroupBench } from './big-group.ts';
import { chaosBench } from './chaos.ts';
import { devicesBench } from './devices.ts';
import { embeddedBench } from './embedded.ts';
import { exportsBench } from './exports.ts';
import { facesBench } from './faces.ts';
import { firstScreenBench } from './first-screen.ts';
import { groupsBench } from './groups.ts';
import { hikBench } from './hik.ts';
import { importsBench } from './imports.ts';
import { listsBench } from './lists.ts';
import { liveBench } from './live.ts';
import { personExportBench } from './person-export.ts';
import { scaleBench } from './scale.ts';
import { sessionBench } from './session.ts';
import { uploadsBench } from './uploads.ts';
import { xlsxReadBench } from './xlsx-read.ts';
import { zkBench } from './zk.ts';

/**
 * Benchmarks (`npm run bench`): each reports figures and a ratio against a
 * baseline measured in the same run, never an absolute time. Results are printed
 * and written to bench/results/<name>.json. `npm run bench -- <name>` runs one.
 */
const BENCHES: Record<string, () => Promise<unknown>> = {
  session: sessionBench,
  devices: devicesBench,
  accounts: accountsBench,
  imports: importsBench,
  faces: facesBench,
  'xlsx-read': xlsxReadBench,
  'first-screen': firstScreenBench,
  uploads: uploadsBench,
  alarms: alarmsBench,
  lists: listsBench,
  groups: groupsBench,
  'big-group': bigGroupBench,
  live: liveBench,
  scale: scaleBench,
  embedded: embeddedBench,
  exports: exportsBench,
  backup: backupBench,
  'person-export': personExportBench,
  zk: () => zkBench(),
  hik: hikBench,
  chaos: chaosBench,
};

const only = process.argv.slice(2);
const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });
for (const [name, fn] of Object.entries(BENCHES)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n## ${name}`);
  const result = await fn();
  console.log(JSON.stringify(result, null, 2));
  fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify(result, null, 2));
}
process.exit(0);
