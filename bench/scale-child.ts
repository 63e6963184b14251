/**
 * The server of the scale bench, in its own process (its RSS is measured alone):
 * boots from the environment (PGlite in DATA_DIR or DATABASE_URL, MQTT_URL), then
 * answers the bench over IPC: issue a card to door units, wait until commands are
 * acked, count stored events, and the bare batched INSERT baseline.
 */
import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, EMERGENCY_MODE, PENDING_CMD_STATUSES, ROLE } from '../packages/contracts/src/index.ts';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { boot } from '../packages/server/src/boot.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { withCommands } from '../packages/server/src/devices/commands.ts';
import { command } from '../packages/server/src/devices/new-command.ts';
import type { AuthCtx } from '../packages/server/src/http/context.ts';
import { liftEmergencyMode, setEmergencyMode } from '../packages/server/src/modules/emergency/service.ts';

type Ask =
  | { id: number; op: 'issue'; addressIds: number[]; card: string }
  | { id: number; op: 'profiles' }
  | { id: number; op: 'acked'; firstId: number }
  | { id: number; op: 'events' }
  | { id: number; op: 'online' }
  | { id: number; op: 'settled' }
  | { id: number; op: 'pause' }
  | { id: number; op: 'resume' }
  | { id: number; op: 'bare-insert'; rows: number }
  | { id: number; op: 'lockdown'; addressId: number }
  | { id: number; op: 'lift'; modeId: number };

const booted = await boot(loadConfig(), { inMemoryDb: false, mqtt: true });
const { db } = booted.services;
// The gateway's MQTT client (connectGateway answers it beside the DeviceBus).
const client = (booted.services.devices as unknown as { client: MqttClient }).client;

/** What the emergency screen's route passes the service: a system administrator's request. */
const operator: AuthCtx = {
  ...booted.services,
  lang: 'en',
  ip: '127.0.0.1',
  caller: {
    sessionId: 0,
    accountId: 0,
    roleId: ROLE.superAdmin,
    regNo: 'scale-bench',
    name: 'bench',
    communityId: 0,
    menuIds: new Set(),
    scope: { all: true },
  },
};

async function answer(m: Ask): Promise<unknown> {
  switch (m.op) {
    case 'profiles': {
      // Each seeded unit's device.profile (its place and community), as activation sends it: a unit learns
      // its community from it and follows that community's broadcast topic (device-protocol §10).
      const units = await db
        .selectFrom('device as d')
        .innerJoin('address as a', 'a.id', 'd.address_id')
        .innerJoin('community as c', 'c.id', 'a.community_id')
        .select(['d.serial', 'a.id', 'a.name', 'a.address', 'a.community_id', 'c.name as community', 'a.is_villa', 'a.hardware'])
        .execute();
      let first = 0;
      await withCommands(booted.services, async (_trx, q) => {
        await q.addMany(
          units.map((u) => ({
            to: [u.id],
            cmds: [
              command(
                CMD_KIND.profile,
                {
                  serial: u.serial,
                  addressId: u.id,
                  name: u.name,
                  address: u.address,
                  communityId: u.community_id,
                  communityName: u.community,
                  isVilla: u.is_villa,
                  hardware: u.hardware,
                },
                { objectKey: 'profile' },
              ),
            ],
          })),
        );
        first = q.commandIds.reduce((a, b) => Math.min(a, b), Number.MAX_SAFE_INTEGER);
      });
      return first;
    }
    case 'issue': {
      let first = 0;
      await withCommands(booted.services, async (_trx, q) => {
        await q.add(m.addressIds, [command(CMD_KIND.cardPut, { cardId: m.card, account: '13900000001' }, { objectKey: `card:${m.card}` })]);
        first = Math.min(...q.commandIds);
      });
      return first;
    }
    case 'acked': {
      // Polls until every command from firstId on is acked (2); answers when.
      for (;;) {
        const left = await db
          .selectFrom('command')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('id', '>=', m.firstId)
          .where('status', '!=', CMD_STATUS.success)
          .executeTakeFirstOrThrow();
        if (left.n === 0) return performance.timeOrigin + performance.now();
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    case 'settled': {
      // Polls until no command waits to be sent or acknowledged.
      for (;;) {
        const left = await db
          .selectFrom('command')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', 'in', PENDING_CMD_STATUSES)
          .executeTakeFirstOrThrow();
        if (left.n === 0) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    case 'events': {
      const r = await db.selectFrom('access_event').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return r.n;
    }
    case 'online': {
      const r = await db
        .selectFrom('device')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('online', '=', true)
        .executeTakeFirstOrThrow();
      return r.n;
    }
    case 'pause': {
      // Leaves the broker without ending the session: what units send meanwhile waits there.
      await client.endAsync();
      return true;
    }
    case 'resume': {
      const connected = new Promise<void>((r) => client.once('connect', () => r()));
      client.reconnect();
      await connected;
      return true;
    }
    case 'lockdown': {
      // The whole community of this door unit, as the screen's "lock down the community".
      const a = await db.selectFrom('address').select('community_id').where('id', '=', m.addressId).executeTakeFirstOrThrow();
      return setEmergencyMode(operator, { communityId: a.community_id, mode: EMERGENCY_MODE.lockdown, reason: 'scale bench' });
    }
    case 'lift':
      return liftEmergencyMode(operator, { id: m.modeId, reason: 'scale bench' });
    case 'bare-insert': {
      // The same rows the ingestion writes, inserted directly in batches of 1,000 (the floor of any ingestion).
      const devs = await db
        .selectFrom('device')
        .select(['id', 'address_id', 'community_id', 'name'])
        .where('address_id', 'is not', null)
        .execute();
      const t0 = performance.now();
      for (let i = 0; i < m.rows; i += 1000) {
        const rows = Array.from({ length: Math.min(1000, m.rows - i) }, (_, k) => {
          const d = devs[(i + k) % devs.length] as (typeof devs)[number];
          return {
            device_id: d.id,
            eid: crypto.randomUUID(),
            address_id: d.address_id as number,
            community_id: d.community_id as number,
            time: new Date(),
            device_name: d.name,
            type: 3,
            result: 0,
            account: '',
            unlock_user_name: '',
            card_num: '',
            card_mode: 0,
            qr_id: null,
            is_work: false,
          };
        });
        await db
          .insertInto('access_event')
          .values(rows)
          .onConflict((oc) => oc.columns(['device_id', 'eid', 'time']).doNothing())
          .execute();
      }
      return performance.now() - t0;
    }
  }
}

process.on('message', (m: Ask) => {
  answer(m).then(
    (value) => process.send?.({ id: m.id, value }),
    (e: unknown) => process.send?.({ id: m.id, error: String(e) }),
  );
});
process.on('SIGTERM', () => {
  booted.shutdown().finally(() => process.exit(0));
});
process.send?.({ ready: true });
