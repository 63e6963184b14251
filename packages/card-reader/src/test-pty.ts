import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A pseudo-terminal pair made by socat: what is written to one end is read from the other. */
export interface PtyPair {
  a: string;
  b: string;
  write(bytes: string | Uint8Array): void;
  stop(): Promise<void>;
}

/** Fails loudly when socat is missing: these tests use a real serial port, never a mock. */
export function requireSocat(): void {
  const r = spawnSync('socat', ['-V'], { encoding: 'utf8' });
  if (r.error || r.status !== 0)
    throw new Error(
      'socat is not installed: the card-reader tests need it for a real pseudo-terminal pair (apt-get install socat; CI installs it)',
    );
}

const exists = (p: string) => {
  try {
    fs.lstatSync(p);
    return fs.statSync(p).isCharacterDevice();
  } catch {
    return false;
  }
};

export async function ptyPair(name = 'pair'): Promise<PtyPair> {
  requireSocat();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gh-card-${name}-`));
  const a = path.join(dir, 'a');
  const b = path.join(dir, 'b');
  const proc: ChildProcess = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  proc.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  // socat logs "starting data transfer loop" once both ends exist
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (log.includes('starting data transfer loop') && exists(a) && exists(b)) resolve();
      else if (proc.exitCode !== null) reject(new Error(`socat exited: ${log}`));
      else setTimeout(check, 20);
    };
    check();
  });
  return {
    a,
    b,
    write: (bytes) => fs.writeFileSync(b, bytes),
    stop: async () => {
      if (proc.exitCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill();
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
