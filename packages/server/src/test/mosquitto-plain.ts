/** A plain Mosquitto for tests and benches (anonymous access, no plugin) on a free port; test/mosquitto.ts starts one with dynamic security. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const MOSQUITTO = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface Mosquitto {
  url: string;
  readonly proc: ChildProcess;
  stop(): Promise<void>;
  /** Stops the broker (its sessions go with it: no persistence), keeping its port and config for `resume`. */
  halt(): Promise<void>;
  /** Starts it again on the same port. */
  resume(): Promise<void>;
}

/**
 * Starts a Mosquitto of its own on a free port of 127.0.0.1 (plain config: anonymous
 * clients allowed, no persistence), for tests and benches. Resolves once it accepts
 * connections.
 */
export async function startMosquitto(extra: string[] = []): Promise<Mosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-mosq-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'max_queued_messages 100000', 'log_type error', ...extra, ''].join('\n'),
  );
  let proc = await launch(conf, port);
  const halt = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await gone;
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    get proc() {
      return proc;
    },
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    halt,
    async resume() {
      proc = await launch(conf, port);
    },
  };
}

/** Runs mosquitto on a config and resolves once it accepts connections on `port`. */
async function launch(conf: string, port: number): Promise<ChildProcess> {
  const proc = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr?.on('data', (d) => {
    err += String(d);
  });
  const end = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`mosquitto exited: ${err}`);
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        r(true);
      });
      s.on('error', () => r(false));
    });
    if (ok) return proc;
    if (Date.now() > end) throw new Error(`mosquitto did not listen on ${port}: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
