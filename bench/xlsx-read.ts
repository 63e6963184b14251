import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';

const ROWS = 100_000;

/**
 * Reading an import file: the streaming reader of every import (xlsx/read.ts) against
 * the baseline of loading the whole workbook with exceljs and collecting the same cell
 * texts, each in its own process (peak RSS from the OS, wall time), same file, same run.
 */
export async function xlsxReadBench() {
  const file = path.join(os.tmpdir(), `gh-bench-read-${process.pid}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('accounts');
  ws.addRow(['注册号', '名称', '角色', '地址', '密码', '备注']).commit();
  for (let i = 0; i < ROWS; i++)
    ws.addRow([`139${String(i).padStart(8, '0')}`, `住户${i}`, '7', `${i % 30}栋${i % 500}`, 'Abc123', 'bench']).commit();
  await ws.commit();
  await wb.commit();
  const child = (mode: string) => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'xlsx-read-child.ts'), mode, file], {
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').pop() as string) as { rows: number; ms: number; peakMB: number };
  };
  const full = child('full');
  const stream = child('stream');
  fs.rmSync(file, { force: true });
  if (full.rows !== stream.rows) throw new Error(`row counts differ: ${full.rows} vs ${stream.rows}`);
  return {
    rows: stream.rows,
    baselineFullLoad: full,
    streaming: stream,
    ratios: { time: Math.round((stream.ms / full.ms) * 100) / 100, peakRss: Math.round((stream.peakMB / full.peakMB) * 100) / 100 },
  };
}
