import crypto from 'node:crypto';
import type { CmdKind, CommandPayloads } from '@gatehouse/contracts';
import { type HikEmulator, startHikEmulator } from '@gatehouse/device-sim';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { SecretBox } from '../../../crypto/secret-box.ts';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.ts';
import type { UnitAdapter } from '../../adapters/contract.ts';
import { claimCommands, unclaim } from '../../claim.ts';
import { CommandQueue } from '../../commands.ts';
import { Inbound } from '../../inbound.ts';
import { News } from '../../news.ts';
import { command } from '../../new-command.ts';
import { reportsOf } from '../../units.ts';
import { hikIsapiAdapter, hikLinks } from './adapter.ts';
import { EVENT_PATH } from './routes.ts';

/** The emulated terminal's password (a test checks it appears in no answer). */
export const HIK_TEST_PASSWORD = 'Terminal-Pass-9';

/** The hik-isapi adapter as the tests drive it (`poll` called by hand). */
export type TestHikAdapter = UnitAdapter & { poll(): Promise<void> };

/** A Hikvision terminal registered in the pool: the emulator's address and its sealed password, bound to a new door. */
export async function seedHikTerminal(
  t: TestApp,
  emu: HikEmulator,
  sealed: string,
  gate: string,
): Promise<{ addressId: number; deviceId: number; serial: string }> {
  const serial = `HIK${crypto.randomBytes(4).toString('hex')}`;
  const communityId = await t.createCommunity();
  const addr = await t.db
    .insertInto('address')
    .values({ community_id: communityId, address: gate, name: gate, type: 0, is_villa: 0, hardware: 15, devstate: 1, reg_no: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dev = await t.db
    .insertInto('device')
    .values({
      serial,
      name: 'Hik gate',
      is_villa: 0,
      hardware: 15,
      note: '',
      address_id: addr.id,
      community_id: communityId,
      secret_hash: '',
      unit_kind: 'hik-isapi',
      vendor_host: emu.host,
      vendor_port: emu.port,
      vendor_user: 'admin',
      vendor_secret_box: sealed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { addressId: addr.id, deviceId: dev.id, serial };
}

/** Polls until `check` holds (10 s). */
export const until = async (check: () => Promise<boolean> | boolean, what: string) => {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} not reached`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * A Hikvision terminal end to end over real HTTP (docs/devices/hikvision.md) for hik.test.ts and
 * hik-events.test.ts: the emulator (digest authentication) registered as a unit; commands queued the
 * real way, claimed, sent by the hik-isapi adapter and acked through the real inbound path; the
 * adapter's event route served by a Fastify of its own (its listening host).
 */
export class HikRig {
  private constructor(
    readonly t: TestApp,
    /** What the inbound path and the adapter's dispatches threw (a test expects none). */
    readonly errors: unknown[],
    readonly emu: HikEmulator,
    readonly box: SecretBox,
    readonly server: FastifyInstance,
    readonly inbound: Inbound,
    readonly unit: { addressId: number; deviceId: number; serial: string },
    private readonly routes: { current: ReturnType<NonNullable<UnitAdapter['routes']>> },
    public adapter: TestHikAdapter,
  ) {}

  static async start(t: TestApp): Promise<HikRig> {
    const password = HIK_TEST_PASSWORD;
    const box = new SecretBox(crypto.randomBytes(32));
    const emu = await startHikEmulator({ port: 0, password, utcOffsetMin: 480 });
    const unit = await seedHikTerminal(t, emu, box.seal(password), 'Gate H');
    const server = Fastify();
    server.removeAllContentTypeParsers();
    server.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const errors: unknown[] = [];
    let rig: HikRig | undefined;
    const inbound = new Inbound(
      t.db,
      (id, since) => void rig?.dispatch([id], [{ id, since }]).catch((e: unknown) => errors.push(e)),
      (e) => errors.push(e),
      new News((e) => errors.push(e)),
    );
    // The route is served before the adapter exists: the address is needed for its settings.
    const routes: { current: ReturnType<NonNullable<UnitAdapter['routes']>> } = { current: [] };
    server.post(EVENT_PATH, async (req, reply) => {
      const r = routes.current[0];
      if (!r) return reply.code(503).send();
      const a = await r.handle({
        query: req.query as Record<string, string>,
        headers: req.headers,
        body: (req.body as Buffer | undefined) ?? Buffer.alloc(0),
        ip: req.ip,
      });
      return reply.code(a.status).type(a.type).send(a.body);
    });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    const adapter = hikIsapiAdapter({ callbackUrl: url, pollMs: 50, timeoutMs: 1500, catchUpPages: 2 })({
      db: t.db,
      log: pino({ level: 'silent' }),
      reports: reportsOf(inbound),
      unseal: (s) => box.tryOpen(s),
      dispatch: (ids) => void rig?.dispatch([...ids]).catch((e: unknown) => errors.push(e)),
      leaseMs: 60_000,
      instance: 'test',
    }) as TestHikAdapter;
    routes.current = adapter.routes?.() ?? [];
    rig = new HikRig(t, errors, emu, box, server, inbound, unit, routes, adapter);
    return rig;
  }

  get deviceId(): number {
    return this.unit.deviceId;
  }
  get addressId(): number {
    return this.unit.addressId;
  }
  get serial(): string {
    return this.unit.serial;
  }

  /** The dispatcher's part, as devices/dispatcher.ts does it: claim, send through the adapter, unclaim what did not go. */
  async dispatch(ids: number[], resend: { id: number; since: Date }[] = []): Promise<void> {
    const cmds = await claimCommands(this.t.db, ids, resend, { instance: 'test', leaseMs: 60_000, limit: 100 });
    if (!cmds.length) return;
    const links = await hikLinks(this.t.db, (s) => this.box.tryOpen(s), ids);
    const missed = await (this.adapter.send as NonNullable<UnitAdapter['send']>)(new Map(links.map((l) => [l.id, l])), cmds);
    await unclaim(this.t.db, missed);
    await this.inbound.idle();
  }

  /** Queues a command for the terminal's door the real way; answers its id. */
  async queue<K extends CmdKind>(kind: K, payload: CommandPayloads[K], objectKey = `${kind}:${crypto.randomUUID()}`): Promise<number> {
    await this.t.db.transaction().execute(async (trx) => {
      await new CommandQueue(trx, this.t.services.doors).add(this.addressId, [command(kind, payload, { objectKey })]);
    });
    const row = await this.t.db
      .selectFrom('command')
      .select('id')
      .where('device_id', '=', this.deviceId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  commandRow(id: number) {
    return this.t.db.selectFrom('command').select(['status', 'info']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Queues, sends and answers the command's row. */
  async run<K extends CmdKind>(kind: K, payload: CommandPayloads[K]) {
    const id = await this.queue(kind, payload);
    await this.dispatch([this.deviceId]);
    return this.commandRow(id);
  }

  events() {
    return this.t.db
      .selectFrom('access_event')
      .select(['eid', 'type', 'result', 'account', 'card_num', 'unlock_user_name', 'refusal'])
      .where('device_id', '=', this.deviceId)
      .orderBy('eid')
      .execute();
  }

  async close(): Promise<void> {
    await this.adapter.stop?.();
    await this.inbound.idle();
    this.inbound.stop();
    await this.server.close();
    await this.emu.close();
    this.routes.current = [];
  }
}

/**
 * The suite's hooks around one rig: a test app and the rig before all, both closed after; each test
 * starts with the terminal behaving and no error left by the one before. `rig` is set once the
 * suite's beforeAll ran.
 */
export function useHikRig(): { readonly rig: HikRig } {
  const suite = {} as { rig: HikRig; t: TestApp | undefined };
  beforeAll(async () => {
    suite.t = await testApp();
    suite.rig = await HikRig.start(suite.t);
  });
  afterAll(async () => {
    await suite.rig?.close();
    await suite.t?.close();
  });
  beforeEach(() => {
    suite.rig.emu.misbehave(null);
    expect(suite.rig.errors).toEqual([]);
  });
  return suite;
}
