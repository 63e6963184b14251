import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';

/** Debian's Mosquitto 2 (CI installs it, .ci/run); the dynamic-security tests are skipped without it. */
export const MOSQUITTO = '/usr/sbin/mosquitto';
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
export const hasMosquitto = (): boolean =>
  fs.existsSync(MOSQUITTO) && fs.existsSync(DYNSEC_PLUGIN) && fs.existsSync('/usr/bin/mosquitto_ctrl');

export interface TestMosquitto {
  url: string;
  adminUser: string;
  adminPassword: string;
  /** Sends dynamic-security commands as the admin and answers the responses. */
  dynsec(commands: Record<string, unknown>[]): Promise<{ command: string; error?: string; data?: Record<string, unknown> }[]>;
  /** Stops the broker process (its dynamic-security file stays) ... */
  pause(): Promise<void>;
  /** ... and starts it again on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Resolves when the broker writes its "running" line (or rejects when it exits first). */
function whenRunning(child: ChildProcess, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      log.push(b.toString());
      if (log.join('').includes(' running')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${log.join('')}`)));
    setTimeout(() => reject(new Error(`mosquitto did not start within 30 s: ${log.join('')}`)), 30_000).unref();
  });
}

/** Starts Mosquitto on a free port with the dynamic-security plugin and a fresh file made by `mosquitto_ctrl dynsec init`. */
export async function startMosquitto(): Promise<TestMosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-mosq-'));
  const adminPassword = crypto.randomBytes(12).toString('hex'); // mosquitto_ctrl would read a leading '-' as an option
  const file = path.join(dir, 'dynamic-security.json');
  execFileSync('/usr/bin/mosquitto_ctrl', ['dynsec', 'init', file, 'admin', adminPassword], { stdio: 'ignore' });
  let child: ChildProcess | undefined;
  let port = 0;
  const conf = path.join(dir, 'mosquitto.conf');
  const launch = async () => {
    const proc = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await whenRunning(proc, []);
    } catch (e) {
      proc.kill('SIGKILL'); // never leave a broker behind
      throw e;
    }
    return proc;
  };
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    fs.writeFileSync(
      conf,
      [
        `listener ${port} 127.0.0.1`,
        // started as root, Mosquitto would switch to the mosquitto user, who cannot read this private directory
        `user ${os.userInfo().username}`,
        'allow_anonymous false',
        `plugin ${DYNSEC_PLUGIN}`,
        `plugin_opt_config_file ${file}`,
        'log_type error',
        'log_type warning',
        'log_type notice',
        'log_type information',
        'log_dest stderr',
      ].join('\n'),
    );
    try {
      child = await launch();
      break;
    } catch (e) {
      if (attempt >= 3) throw e; // the free port was taken in between: try another
    }
  }
  let proc = child as ChildProcess;
  const kill = async () => {
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    await exited;
  };
  const url = `mqtt://127.0.0.1:${port}`;
  const admin = await mqtt.connectAsync(url, { username: 'admin', password: adminPassword, reconnectPeriod: 0 }).catch(async (e) => {
    await kill();
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  });
  admin.options.reconnectPeriod = 300; // from now on it follows the broker through pause/resume
  admin.on('error', () => {});
  await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
  // The server's provisioner reads the same response topic: answers are matched by correlationData.
  const waiting = new Map<string, (r: unknown) => void>();
  admin.on('message', (_t, p) => {
    const responses = (JSON.parse(p.toString()) as { responses: { correlationData?: string }[] }).responses;
    const tag = responses[0]?.correlationData?.split(':')[0];
    const done = tag ? waiting.get(tag) : undefined;
    if (tag && done) {
      waiting.delete(tag);
      done(responses);
    }
  });
  return {
    url,
    adminUser: 'admin',
    adminPassword,
    dynsec: (commands) =>
      new Promise((resolve) => {
        const tag = crypto.randomBytes(6).toString('hex');
        waiting.set(tag, resolve as (r: unknown) => void);
        const tagged = commands.map((c, i) => ({ ...c, correlationData: `${tag}:${i}` }));
        admin.publish('$CONTROL/dynamic-security/v1', JSON.stringify({ commands: tagged }), { qos: 1 });
      }),
    pause: kill,
    async resume() {
      proc = await launch();
      if (!admin.connected) await new Promise<void>((r) => admin.once('connect', () => r()));
    },
    async stop() {
      await admin.endAsync(true);
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
