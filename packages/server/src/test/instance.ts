import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A server instance in a child process (test/instance-child.ts): it can be SIGKILLed like a real crash. */
export class Instance {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (n: number) => void; reject: (e: Error) => void }>();
  private constructor(
    readonly id: string | null,
    readonly proc: ChildProcess,
    /** Its HTTP port, when it serves HTTP (INSTANCE_HTTP_PORT). */
    readonly httpPort: number | null,
  ) {
    proc.on('message', (m: { id?: number; n?: number; error?: string }) => {
      const w = m.id === undefined ? undefined : this.waiting.get(m.id);
      if (!w || m.id === undefined) return;
      this.waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.n ?? 0);
    });
    // A killed instance answers nothing more: what it was asked fails (it may or may not have been committed).
    proc.once('exit', () => {
      for (const w of this.waiting.values()) w.reject(new Error('instance exited'));
      this.waiting.clear();
    });
  }

  /** `id` becomes INSTANCE_ID, unless null: the default (<hostname>-<pid>) then. */
  static async start(id: string | null, env: Record<string, string>): Promise<Instance> {
    const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['REDIS_URL', 'MQTT_URL', 'DATABASE_URL'].includes(k)));
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'instance-child.ts')], {
      env: { ...base, ...env, ...(id === null ? {} : { INSTANCE_ID: id }) } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      proc.once('exit', (code) => reject(new Error(`instance ${id} exited (${code}) before it was ready`)));
      proc.once('message', () => resolve());
    });
    proc.removeAllListeners('exit');
    return new Instance(id, proc, env.INSTANCE_HTTP_PORT ? Number(env.INSTANCE_HTTP_PORT) : null);
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Queues a card put (or, with `remove`, a delete) for each of these door units and dispatches (withCommands in the child). */
  issue(addressIds: number[], cards: string[], remove = false): Promise<number> {
    if (!this.alive) return Promise.reject(new Error('instance exited'));
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.proc.send({ id, addressIds, cards, remove });
    });
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.alive) return;
    const gone = new Promise((r) => this.proc.once('exit', r));
    this.proc.kill(signal);
    await gone;
  }
}
