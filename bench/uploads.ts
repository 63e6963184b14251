import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_LIMITS } from '@gatehouse/contracts';
import { BOMBS, plainXlsx } from '../packages/server/src/test/xlsx-bombs.ts';

const GOAL = { ms: 300, peakGrowthMB: 20 };

/**
 * The hostile-upload guard: time and peak RSS growth to refuse each bomb of the
 * hostile-upload tests (xlsx/hostile.test.ts), each read in its own process, against
 * the baseline of reading a good 1,000-row workbook in the same run.
 */
export async function uploadsBench() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-bench-uploads-'));
  const child = (file: string) => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'uploads-child.ts'), file], {
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').pop() as string) as { ms: number; peakGrowthMB: number; outcome: string; rows: number };
  };
  const files: Record<string, () => Promise<Buffer>> = {
    baselineGood1000Rows: () =>
      plainXlsx(Array.from({ length: 1000 }, (_, i) => [`139${String(i).padStart(8, '0')}`, `Resident ${i}`, '7'])),
    rowNumber: BOMBS.rowNumber,
    hugeSharedString: BOMBS.hugeString,
    longCell: BOMBS.longCell,
    tenMillionStrings: BOMBS.manyStrings,
    /** No declared count: refused by counting, so it costs what a legal file at the string limit costs to read. */
    stringsPastCountUndeclared: () => BOMBS.countedStrings(IMPORT_LIMITS.sharedStrings),
    deflate: BOMBS.deflate,
    lyingSize: BOMBS.lyingSize,
    truncatedZip: BOMBS.truncated,
    pngAsXlsx: BOMBS.png,
    xls: BOMBS.xls,
  };
  const results: Record<
    string,
    { fileKB: number; ms: number; peakGrowthMB: number; outcome: string; meetsGoal?: boolean; timeRatio?: number }
  > = {};
  let baselineMs = 1;
  try {
    for (const [name, make] of Object.entries(files)) {
      const file = path.join(dir, `${name}.xlsx`);
      const data = await make();
      fs.writeFileSync(file, data);
      const r = child(file);
      const row = { fileKB: Math.round(data.length / 1024), ms: r.ms, peakGrowthMB: r.peakGrowthMB, outcome: r.outcome };
      if (name.startsWith('baseline')) {
        baselineMs = Math.max(1, r.ms);
        results[name] = { ...row, outcome: `${r.rows} rows read` };
      } else {
        results[name] = {
          ...row,
          meetsGoal: r.ms < GOAL.ms && r.peakGrowthMB < GOAL.peakGrowthMB,
          timeRatio: Math.round((r.ms / baselineMs) * 100) / 100,
        };
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { goal: GOAL, results };
}
