import crypto from 'node:crypto';
import { ADDRESS_TYPE, HARDWARE, type UnitKind } from '@gatehouse/contracts';
import { type HikEmulator, startHikEmulator, startZkEmulator, type ZkEmulator } from '@gatehouse/device-sim';
import { deviceCredentialBox } from '../crypto/key-file.ts';
import type { Db } from '../db/index.ts';
import { withCommands } from '../devices/commands.ts';
import type { Services } from '../http/context.ts';
import { bindDevice, resyncDoorUnit } from '../modules/device/binding.ts';

/**
 * The demo's vendor terminals (issue 33): one Hikvision ISAPI terminal and one ZKTeco PUSH
 * terminal, each on a door unit of its own in the first community (seeded by data.ts, so the
 * demo's cards and faces are configured on them), run in-process from the emulators of
 * @gatehouse/device-sim. The Hikvision one listens on a free loopback port with a new password
 * at every start (the pool keeps its address, user and the password sealed); the ZKTeco one
 * polls the server once it answers. An emulator keeps nothing between starts, so each start
 * sends both units their whole configuration again, and their logs go on after the last
 * stored event (no event of a new start is taken for a repeat).
 */
export const DEMO_TERMINALS = [
  { kind: 'hik-isapi', serial: 'DEMO-HIK-0001', address: '东门', name: '东门海康门禁' },
  { kind: 'zk-push', serial: 'DEMO-ZK-0001', address: '西门', name: '西门中控门禁' },
] as const satisfies readonly { kind: UnitKind; serial: string; address: string; name: string }[];

const HIK_USER = 'admin';
/** How often each terminal sees a card (a known card most times, a stranger's now and then). */
const ACTIVITY_MS = 45_000;
/** How often the ZKTeco terminal asks for commands (the handshake's Delay, as a real one), and how long it waits for the server at start. */
const ZK_POLL_MS = 10_000;
const ZK_RETRY_MS = 1_000;

/** The terminals' door units in the community (data.ts, on an empty database): card and face readers. */
export async function seedTerminalDoors(db: Db, communityId: number): Promise<void> {
  await db
    .insertInto('address')
    .values(
      DEMO_TERMINALS.map((t) => ({
        community_id: communityId,
        address: t.address,
        name: t.name,
        type: ADDRESS_TYPE.doorUnit,
        is_villa: 0,
        hardware: HARDWARE.face | HARDWARE.card,
        devstate: 0,
        reg_no: null,
      })),
    )
    .execute();
}

/** Registers a terminal in the pool (once) and binds it to its door; answers whether it was bound now. */
async function registerTerminal(services: Services, t: (typeof DEMO_TERMINALS)[number], vendor: object): Promise<boolean> {
  const { db } = services;
  const door = await db
    .selectFrom('address')
    .select('id')
    .where('type', '=', ADDRESS_TYPE.doorUnit)
    .where('address', '=', t.address)
    .where('name', '=', t.name)
    .orderBy('id')
    .executeTakeFirst();
  const dev = await db.selectFrom('device').select(['id', 'address_id']).where('serial', '=', t.serial).executeTakeFirst();
  if (!door || (dev && dev.address_id !== door.id)) return false;
  if (!dev)
    await db
      .insertInto('device')
      .values({
        serial: t.serial,
        name: t.name,
        is_villa: 0,
        hardware: HARDWARE.face | HARDWARE.card,
        note: 'demo',
        unit_kind: t.kind,
        ...vendor,
      })
      .execute();
  else await db.updateTable('device').set(vendor).where('id', '=', dev.id).execute();
  await withCommands(services, async (trx, q) => {
    if (dev) await resyncDoorUnit(trx, q, door.id);
    else await bindDevice(trx, q, { addressId: door.id, serial: t.serial, phone: null });
  });
  return true;
}

/** The last event number stored for a unit's events (the Hikvision log position), 0 before any. */
async function hikPosition(db: Db, serial: string): Promise<number> {
  const row = await db
    .selectFrom('hik_event_position as p')
    .innerJoin('device as d', 'd.id', 'p.device_id')
    .select('p.serial_no')
    .where('d.serial', '=', serial)
    .executeTakeFirst();
  return Number(row?.serial_no ?? 0);
}

/** A card for a terminal to see: one it holds (never an idle one), or now and then a stranger's. */
function someCard(held: string[], idle: readonly string[]): string {
  const known = held.filter((c) => !idle.includes(c));
  if (known.length && Math.random() < 0.85) return known[Math.floor(Math.random() * known.length)] as string;
  return String(20_000_000 + Math.floor(Math.random() * 1_000_000));
}

/**
 * Starts the demo's vendor terminals (`serverUrl`: the server as the ZKTeco terminal reaches it;
 * `idleCards`: cards they never see, as the MQTT units); answers a function that stops them. A
 * door missing from the database (a demo seeded before these terminals) is skipped.
 */
export async function startDemoTerminals(
  services: Services,
  opts: { serverUrl: string; idleCards: readonly string[] },
): Promise<() => Promise<void>> {
  const { db, config } = services;
  const [hikDef, zkDef] = DEMO_TERMINALS;
  const password = crypto.randomBytes(12).toString('base64url');
  const hik: HikEmulator = await startHikEmulator({
    port: 0,
    host: '127.0.0.1',
    serial: hikDef.serial,
    username: HIK_USER,
    password,
    firstSerialNo: (await hikPosition(db, hikDef.serial)) + 1,
  });
  const hikOn = await registerTerminal(services, hikDef, {
    vendor_host: '127.0.0.1',
    vendor_port: hik.port,
    vendor_user: HIK_USER,
    vendor_secret_box: deviceCredentialBox(config).seal(password),
  });
  const zkOn = await registerTerminal(services, zkDef, {});
  let stopped = false;
  let zk: ZkEmulator | null = null;
  let retry: NodeJS.Timeout | null = null;
  let tries = 0;
  // The rtlog index goes on from the clock (one swipe a second at most since any earlier start).
  const firstIndex = Math.floor(Date.now() / 1000);
  const connect = () => {
    if (stopped || !zkOn) return;
    // The terminal's clock in UTC: the zone the server reads ZKTeco terminals' times in (ZK_DEFAULTS).
    startZkEmulator({ server: opts.serverUrl, serial: zkDef.serial, pollMs: ZK_POLL_MS, firstIndex }).then(
      (z) => {
        if (stopped) void z.close();
        else zk = z;
      },
      (e: unknown) => {
        // The server listens after the demo starts: only a long wait is worth a word.
        if (++tries === 30)
          console.warn(`demo ZKTeco terminal: ${opts.serverUrl} does not answer (${e instanceof Error ? e.message : e}); still trying`);
        retry = setTimeout(connect, ZK_RETRY_MS);
      },
    );
  };
  connect();
  const activity = setInterval(() => {
    const hikCards = [...hik.state.cards.values()].map((c) => c.cardNo);
    if (hikOn) void hik.swipe(someCard(hikCards, opts.idleCards)).catch(() => {});
    const zkCards = [...(zk?.state.users.values() ?? [])].map((u) => u.cardNo).filter(Boolean);
    if (zk) void zk.swipe(someCard(zkCards, opts.idleCards)).catch(() => {});
  }, ACTIVITY_MS);
  return async () => {
    stopped = true;
    clearInterval(activity);
    if (retry) clearTimeout(retry);
    await Promise.all([hik.close(), zk?.close()]);
  };
}
