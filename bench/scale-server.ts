import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The server process's resident memory now and at its peak (VmRSS, VmHWM), KB. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** A server of the scale bench (bench/scale-child.ts) in its own process, asked over IPC. */
export class ScaleServer {
  private seq = 0;
  private readonly waiting = new Map<number, (m: { value?: unknown; error?: string }) => void>();
  private constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: { id?: number; value?: unknown; error?: string }) => {
      if (m.id === undefined) return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
  }

  /** Starts one with this environment; resolves once it has booted (migrated, connected to the broker). */
  static async start(env: Record<string, string | undefined>): Promise<ScaleServer> {
    // SCALE_PROF=<dir>: each server writes a CPU profile there when it stops (open it in Chrome's DevTools).
    const prof = process.env.SCALE_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SCALE_PROF}`] : [];
    const proc = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(import.meta.dirname, 'scale-child.ts')], {
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A failed run must not leave the server behind.
    process.once('exit', () => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
    });
    await new Promise<void>((resolve, reject) => {
      proc.once('exit', (c) => reject(new Error(`server exited (${c})`)));
      proc.once('message', () => resolve());
    });
    proc.removeAllListeners('exit');
    return new ScaleServer(proc);
  }

  get pid(): number {
    return this.proc.pid as number;
  }

  ask<T>(m: Record<string, unknown>): Promise<T> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (r) => (r.error ? reject(new Error(r.error)) : resolve(r.value as T)));
      this.proc.send({ ...m, id });
    });
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    const gone = new Promise((r) => this.proc.once('exit', r));
    this.proc.kill('SIGTERM');
    await gone;
  }
}
