import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { until } from './devices.ts';

export const SOCAT = '/usr/bin/socat';
export const hasSocat = (): boolean => fs.existsSync(SOCAT);

/** A TCP proxy (socat) that a test can cut (every connection through it drops) and start again on the same port. */
export class TcpProxy {
  private proc: ChildProcess | null = null;
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<void> {
    const proc = spawn(SOCAT, [`TCP-LISTEN:${this.port},bind=127.0.0.1,reuseaddr,fork`, `TCP:${this.target.host}:${this.target.port}`], {
      detached: true,
      stdio: 'ignore',
    });
    this.proc = proc;
    await until(
      () =>
        new Promise<boolean>((r) => {
          const s = net.connect(this.port, '127.0.0.1', () => {
            s.end();
            r(true);
          });
          s.on('error', () => r(false));
        }),
      10_000,
      'proxy listening',
    );
  }

  /** Kills the listener and every forwarded connection (one process group). */
  async cut(): Promise<void> {
    const p = this.proc;
    if (!p?.pid || p.exitCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    process.kill(-p.pid, 'SIGKILL');
    await gone;
    this.proc = null;
  }
}
