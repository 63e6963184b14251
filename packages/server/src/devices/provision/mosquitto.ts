import crypto from 'node:crypto';
import {
  type BrokerDrift,
  type BrokerHealth,
  communityTopic,
  communityTopicRoot,
  UNIT_PUBLISHES,
  UNIT_SUBSCRIBES,
} from '@gatehouse/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import type { DynsecAcl, DynsecClientEntry, DynsecCommand, Dynsec, DynsecRoleEntry } from './dynsec.ts';
import { openDeviceSecret } from './sealed-secrets.ts';

/** A bound door unit as the database knows it. */
interface Wanted {
  serial: string;
  secretHash: string;
  box: string | null;
  /** Its door's community: the one emergency topic it may subscribe to (a move changes its role). */
  communityId: number | null;
}

export interface MosquittoOptions {
  db: Db;
  log: Logger;
  dynsec: Dynsec;
  prefix: string;
  /** The server's own MQTT client (created with the server role unless it is the admin itself). */
  serverUser: string;
  serverPassword: string;
  adminUser: string;
  /** Seconds between reconciles (0: only at start and after a failed change). */
  reconcileSeconds: number;
}

const zeroDrift = (): BrokerDrift => ({ missing: 0, extra: 0, changed: 0, unrecoverable: 0 });
/** Commands per message to the plugin (a reconcile of 10,000 units sends several). */
const BATCH = 200;
const fingerprint = (s: string) => `gatehouse ${crypto.createHash('sha256').update(`fp:${s}`).digest('hex').slice(0, 16)}`;
const sameAcls = (a: DynsecAcl[] | undefined, b: DynsecAcl[]) => {
  const key = (x: DynsecAcl) => `${x.acltype}|${x.topic}|${x.allow}|${x.priority ?? 0}`;
  const l = (a ?? []).map(key).sort();
  const r = b.map(key).sort();
  return l.length === r.length && l.every((v, i) => v === r[i]);
};

/**
 * Keeps an external Mosquitto's dynamic-security clients in line with the database:
 * one client per bound door unit (username = serial, password = its secret) with its
 * own role (publish only `<prefix>/dev/<serial>/{ack,event,status,heartbeat}`, subscribe only
 * `<prefix>/dev/<serial>/{cmd,evack}` and its community's emergency topic), and the server's
 * client with the server role. Clients it
 * manages carry the text name `gatehouse <prefix> door unit`; others are left alone.
 *
 * `sync(serials)` runs after a commit that issued or revoked secrets; a failure leaves
 * the serials pending for a retry and the periodic reconcile repairs any drift.
 */
export class MosquittoProvisioner {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly pending = new Set<string>();
  private last: BrokerHealth['lastReconcile'] = null;
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private reconciling = false;
  readonly textname: string;
  readonly serverRole: string;

  constructor(private readonly o: MosquittoOptions) {
    this.textname = `gatehouse ${o.prefix} door unit`;
    this.serverRole = `gatehouse-${o.prefix}-server`;
    o.dynsec.client.on('connect', () => {
      if (this.pending.size) this.retrySoon(0);
    });
  }

  roleOf(serial: string): string {
    return `gatehouse-${this.o.prefix}-dev-${serial}`;
  }

  /**
   * A unit's role. Its community's emergency topic is the only one outside its own, subscribe only (the
   * server publishes there, retained). Receiving needs no entry, for it as for `cmd`: `dynsec init` sets
   * `publishClientReceive` to allow by default.
   */
  deviceAcls(serial: string, communityId: number | null): DynsecAcl[] {
    const own = (t: string) => `${this.o.prefix}/dev/${serial}/${t}`;
    return [
      ...UNIT_PUBLISHES.map((t) => ({ acltype: 'publishClientSend', topic: own(t), allow: true, priority: 0 })),
      ...UNIT_SUBSCRIBES.map((t) => ({ acltype: 'subscribeLiteral', topic: own(t), allow: true, priority: 0 })),
      ...(communityId === null
        ? []
        : [{ acltype: 'subscribeLiteral', topic: communityTopic(this.o.prefix, communityId), allow: true, priority: 0 }]),
    ];
  }

  serverAcls(): DynsecAcl[] {
    const all = `${this.o.prefix}/dev/#`;
    return [
      { acltype: 'publishClientSend', topic: all, allow: true, priority: 0 },
      { acltype: 'subscribePattern', topic: all, allow: true, priority: 0 },
      // shared subscriptions ($share/<group>/<prefix>/dev/...) for several server instances
      { acltype: 'subscribePattern', topic: `$share/+/${all}`, allow: true, priority: 0 },
      // each community's emergency mode, published retained (the units subscribe to their own)
      { acltype: 'publishClientSend', topic: `${communityTopicRoot(this.o.prefix)}#`, allow: true, priority: 0 },
    ];
  }

  /** Creates or repairs the server role and the server's client; run before the server's client connects. */
  setupServer(): Promise<void> {
    return this.serial(async () => {
      const d = this.o.dynsec;
      const [role] = await d.run([{ command: 'getRole', rolename: this.serverRole }]);
      if (role?.error) {
        await d.one({ command: 'createRole', rolename: this.serverRole, textname: 'Gatehouse server', acls: this.serverAcls() }, [
          'Role already exists',
        ]);
      } else if (!sameAcls((role?.data?.role as DynsecRoleEntry | undefined)?.acls, this.serverAcls())) {
        await d.one({ command: 'modifyRole', rolename: this.serverRole, acls: this.serverAcls() });
      }
      const [found] = await d.run([{ command: 'getClient', username: this.o.serverUser }]);
      const client = found?.error ? null : (found?.data?.client as DynsecClientEntry | undefined);
      const roles = [{ rolename: this.serverRole }];
      if (this.o.serverUser === this.o.adminUser) {
        if (!client?.roles?.some((r) => r.rolename === this.serverRole)) {
          await d.one({ command: 'addClientRole', username: this.o.serverUser, rolename: this.serverRole });
        }
        return;
      }
      const fp = fingerprint(this.o.serverPassword);
      if (!client) {
        await d.one(
          {
            command: 'createClient',
            username: this.o.serverUser,
            password: this.o.serverPassword,
            textname: 'Gatehouse server',
            textdescription: fp,
            roles,
          },
          ['Client already exists'],
        );
        return;
      }
      const fixes: DynsecCommand[] = [];
      if (client.textdescription !== fp)
        fixes.push({ command: 'modifyClient', username: this.o.serverUser, password: this.o.serverPassword, textdescription: fp });
      if (!client.roles?.some((r) => r.rolename === this.serverRole))
        fixes.push({ command: 'addClientRole', username: this.o.serverUser, rolename: this.serverRole });
      if (client.disabled) fixes.push({ command: 'enableClient', username: this.o.serverUser });
      for (const r of await d.run(fixes)) if (r.error) throw new Error(`dynamic-security ${r.command}: ${r.error}`);
    });
  }

  /**
   * Brings these serials' clients in line with the database (after a commit that issued
   * or revoked their secrets). Never throws: a failure keeps them pending for a retry.
   */
  sync(serials: Iterable<string>): Promise<void> {
    const list = [...new Set(serials)];
    if (!list.length) return Promise.resolve();
    for (const s of list) this.pending.add(s);
    return this.serial(async () => {
      const now = [...this.pending];
      if (!now.length) return;
      try {
        await this.syncNow(now);
        for (const s of now) this.pending.delete(s);
      } catch (e) {
        this.o.log.warn({ err: e, serials: now.slice(0, 20), pending: this.pending.size }, 'broker provisioning failed; will retry');
        this.retrySoon(5000);
      }
    });
  }

  /** Compares every managed client with the database and repairs the differences. */
  reconcile(): Promise<BrokerHealth['lastReconcile']> {
    return this.serial(async () => {
      const started = Date.now();
      this.reconciling = true;
      // What was pending when it started is covered; a serial queued meanwhile keeps its own sync.
      const covered = [...this.pending];
      try {
        const wanted = await this.wanted();
        const clients = await this.o.dynsec.listClients();
        const roles = await this.o.dynsec.listRoles();
        const drift = await this.apply(wanted, clients, roles, true);
        for (const s of covered) this.pending.delete(s);
        this.last = { at: new Date().toISOString(), ok: true, durationMs: Date.now() - started, drift };
        const total = drift.missing + drift.extra + drift.changed + drift.unrecoverable;
        if (total) this.o.log.warn({ drift }, 'broker drift found and repaired (door-unit clients)');
        else this.o.log.info({ clients: wanted.length }, 'broker in line with the database');
      } catch (e) {
        this.last = {
          at: new Date().toISOString(),
          ok: false,
          durationMs: Date.now() - started,
          drift: this.last?.drift ?? zeroDrift(),
          error: e instanceof Error ? e.message.slice(0, 200) : 'failed',
        };
        this.o.log.error({ err: e }, 'broker reconcile failed');
      } finally {
        this.reconciling = false;
      }
      return this.last;
    });
  }

  /** Starts the periodic reconcile. */
  start(): void {
    if (this.o.reconcileSeconds > 0) {
      this.timer = setInterval(() => void this.reconcile(), this.o.reconcileSeconds * 1000);
      this.timer.unref();
    }
  }

  health(): Omit<BrokerHealth, 'mode'> {
    return { provisioning: 'mosquitto', reconciling: this.reconciling, lastReconcile: this.last, pending: this.pending.size };
  }

  /** Resolves once the changes asked for so far are done (or failed). */
  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.idle();
    await this.o.dynsec.close();
  }

  private retrySoon(ms: number) {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.pending.size && this.o.dynsec.connected()) void this.sync([...this.pending]);
      else if (this.pending.size) this.retrySoon(5000);
    }, ms);
    this.retryTimer.unref();
  }

  /** Runs one change at a time (syncs and reconciles never interleave). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async wanted(serials?: string[]): Promise<Wanted[]> {
    let q = this.o.db
      .selectFrom('device')
      .innerJoin('address', 'address.id', 'device.address_id')
      .select(['device.serial', 'device.secret_hash', 'device.secret_box', 'address.community_id'])
      .where('device.secret_hash', 'is not', null);
    if (serials) q = q.where('device.serial', 'in', serials);
    const rows = await q.execute();
    return rows.map((r) => ({ serial: r.serial, secretHash: r.secret_hash as string, box: r.secret_box, communityId: r.community_id }));
  }

  private async syncNow(serials: string[]): Promise<void> {
    const d = this.o.dynsec;
    const clients: DynsecClientEntry[] = [];
    const roles: DynsecRoleEntry[] = [];
    for (let i = 0; i < serials.length; i += BATCH) {
      const part = serials.slice(i, i + BATCH);
      const answers = await d.run(
        part.flatMap((s) => [
          { command: 'getClient', username: s },
          { command: 'getRole', rolename: this.roleOf(s) },
        ]),
      );
      for (const a of answers) {
        if (a.error) continue;
        if (a.command === 'getClient' && a.data?.client) clients.push(a.data.client as DynsecClientEntry);
        if (a.command === 'getRole' && a.data?.role) roles.push(a.data.role as DynsecRoleEntry);
      }
    }
    const drift = await this.apply(await this.wanted(serials), clients, roles, false);
    if (drift.unrecoverable) this.o.log.warn({ drift }, 'door units whose secret cannot be restored on the broker need a new secret');
  }

  /**
   * Plans and sends the changes: `whole` means `clients`/`roles` are everything on the
   * broker (a reconcile), so managed clients of no wanted serial are deleted.
   */
  private async apply(wanted: Wanted[], clients: DynsecClientEntry[], roles: DynsecRoleEntry[], whole: boolean): Promise<BrokerDrift> {
    const drift = zeroDrift();
    const cmds: DynsecCommand[] = [];
    const byUser = new Map(clients.map((c) => [c.username, c]));
    const byRole = new Map(roles.map((r) => [r.rolename, r]));
    const wantedSerials = new Set(wanted.map((w) => w.serial));
    for (const w of wanted) {
      const rolename = this.roleOf(w.serial);
      const acls = this.deviceAcls(w.serial, w.communityId);
      const role = byRole.get(rolename);
      const client = byUser.get(w.serial);
      const fp = fingerprint(w.secretHash);
      const secret = openDeviceSecret(w.box);
      let changed = false;
      if (!role) {
        cmds.push({ command: 'createRole', rolename, acls });
        changed = !!client;
      } else if (!sameAcls(role.acls, acls)) {
        cmds.push({ command: 'modifyRole', rolename, acls });
        changed = true;
      }
      if (!client || client.textdescription !== fp) {
        if (!secret) {
          // The broker's password is not this secret and the server cannot restore it: the old one must not keep working.
          drift.unrecoverable++;
          if (client) cmds.push({ command: 'deleteClient', username: w.serial });
          continue;
        }
        if (!client) {
          drift.missing++;
          cmds.push({
            command: 'createClient',
            username: w.serial,
            password: secret,
            textname: this.textname,
            textdescription: fp,
            roles: [{ rolename }],
          });
          continue;
        }
        cmds.push({ command: 'modifyClient', username: w.serial, password: secret, textname: this.textname, textdescription: fp });
        changed = true;
      }
      if (!client.roles?.some((r) => r.rolename === rolename)) {
        cmds.push({ command: 'addClientRole', username: w.serial, rolename });
        changed = true;
      }
      if (client.disabled) {
        cmds.push({ command: 'enableClient', username: w.serial });
        changed = true;
      }
      if (changed) drift.changed++;
    }
    // What the server manages but the database no longer wants.
    const candidates = whole ? clients : clients.filter((c) => !wantedSerials.has(c.username));
    for (const c of candidates) {
      if (wantedSerials.has(c.username) || c.textname !== this.textname) continue;
      drift.extra++;
      cmds.push({ command: 'deleteClient', username: c.username });
    }
    const rolePrefix = this.roleOf('');
    for (const r of roles) {
      if (!r.rolename.startsWith(rolePrefix) || wantedSerials.has(r.rolename.slice(rolePrefix.length))) continue;
      cmds.push({ command: 'deleteRole', rolename: r.rolename });
    }
    await this.send(cmds);
    return drift;
  }

  private async send(cmds: DynsecCommand[]): Promise<void> {
    // Idempotent across instances: another instance may have made or removed the same object a moment before.
    const tolerated = new Set(['Role already exists', 'Client already exists', 'Client not found', 'Role not found']);
    for (let i = 0; i < cmds.length; i += BATCH) {
      const answers = await this.o.dynsec.run(cmds.slice(i, i + BATCH));
      const failed = answers.filter((a) => a.error && !tolerated.has(a.error));
      if (failed.length) throw new Error(`dynamic-security: ${failed.map((a) => `${a.command}: ${a.error}`).join('; ')}`);
    }
  }
}
