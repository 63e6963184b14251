import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFileKey } from './key-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-keyfile-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A process that loads key-file.ts, waits for `go` to exist, then reads (or creates) `name` and prints its key. */
function reader(name: string, go: string): Promise<string> {
  const code = `
    const fs = await import('node:fs');
    const { keyFileKey } = await import(${JSON.stringify(path.join(import.meta.dirname, 'key-file.ts'))});
    process.send('ready');
    while (!fs.existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 1));
    process.stdout.write(keyFileKey(${JSON.stringify(dir)}, ${JSON.stringify(name)}).toString('hex'));
  `;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  let err = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    proc.once('message', () => ready.push(proc.pid ?? 0));
    proc.once('exit', (c) => (c === 0 ? resolve(out) : reject(new Error(`reader exited ${c}: ${err}`))));
  });
}
const ready: number[] = [];

describe('the key file of a data directory', () => {
  it('is created once with its whole key when several processes start at once: all read the same key', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `race-${round}.key`;
      const go = path.join(dir, `go-${round}`);
      ready.length = 0;
      const all = Array.from({ length: 6 }, () => reader(name, go));
      while (ready.length < all.length) await new Promise((r) => setTimeout(r, 5));
      fs.writeFileSync(go, '');
      const keys = await Promise.all(all);
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.readFileSync(path.join(dir, name), 'utf8')).toBe(keys[0]);
      expect((fs.statSync(path.join(dir, name)).mode & 0o777).toString(8)).toBe('600');
    }
    // No temporary file is left behind.
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('keeps the key it made: a second read returns it, and a damaged file is refused, not replaced', () => {
    const a = keyFileKey(dir, 'once.key');
    expect(keyFileKey(dir, 'once.key')).toEqual(a);
    fs.writeFileSync(path.join(dir, 'bad.key'), 'short');
    expect(() => keyFileKey(dir, 'bad.key')).toThrow('bad.key must be 32 bytes');
    expect(fs.readFileSync(path.join(dir, 'bad.key'), 'utf8')).toBe('short');
  });
});
