import crypto from 'node:crypto';
import { ACCESS_RESULT, ACCESS_TYPE, CARD_MODE, CMD_KIND, CMD_STATUS, ROLE } from '@gatehouse/contracts';
import type { SimulatedDevice } from '@gatehouse/device-sim';
import type { Services } from '../http/context.ts';
import { DAYS, dayAt, HOUR } from './acting.ts';

/** The people who punch at each community's door units: its demo accounts, except door-unit accounts. */
async function workers(services: Services): Promise<Map<number, { account: string; userName: string }[]>> {
  const rows = await services.db
    .selectFrom('account')
    .select(['reg_no', 'name', 'community_id'])
    .where('community_id', 'is not', null)
    .where('role_id', '!=', ROLE.doorUnit)
    .orderBy('id')
    .execute();
  const by = new Map<number, { account: string; userName: string }[]>();
  for (const r of rows)
    by.set(r.community_id as number, [...(by.get(r.community_id as number) ?? []), { account: r.reg_no, userName: r.name }]);
  return by;
}

/**
 * A few days of history at the demo door units, emitted by the simulated units like
 * their live events: each worker punches at one unit of the community in the morning
 * and the evening of the last days (never after now), and visitors scan the QR codes
 * (so the visitor records show used opens).
 */
export async function doorHistory(services: Services, sims: SimulatedDevice[], codes: { serial: string; payload: string }[], now: Date) {
  const tz = services.config.TZ_NAME;
  const people = await workers(services);
  const units = await services.db
    .selectFrom('device as d')
    .innerJoin('address as a', 'a.id', 'd.address_id')
    .select(['d.serial', 'a.community_id'])
    .where('d.serial', 'in', sims.length ? sims.map((s) => s.serial) : [''])
    .orderBy('d.serial')
    .execute();
  const sent: Promise<void>[] = [];
  for (const [communityId, who] of people) {
    const here = sims.filter((s) => units.some((u) => u.serial === s.serial && u.community_id === communityId));
    for (const [i, p] of who.entries()) {
      const sim = here[i % Math.max(1, here.length)];
      if (!sim) continue;
      for (let d = DAYS; d >= 0; d--) {
        const morning = dayAt(tz, now, d, 8 * 60 + 40 + ((i * 7 + d * 3) % 30));
        const evening = dayAt(tz, now, d, 18 * 60 + 5 + ((i * 11 + d * 13) % 50));
        // Today before the morning punch: the worker came in a few minutes ago (the daily
        // detail of the current month is never empty, even on the first of a month).
        const early = new Date(Math.max(dayAt(tz, now, 0, 0).getTime(), now.getTime() - (i + 1) * 60_000));
        for (const time of [morning < now ? morning : early, evening].filter((x) => x < now)) {
          sent.push(sim.emit({ kind: 'punch', eid: crypto.randomUUID(), time: time.toISOString(), type: ACCESS_TYPE.face, ...p }));
        }
      }
    }
  }
  await Promise.all(sent);
  await Promise.all(
    codes.map(async (code) => {
      const sim = sims.find((s) => s.serial === code.serial);
      if (!sim) return;
      await qrKeyOn(services, sim);
      for (const hoursAgo of [2 * 24 + 3, 26, 5]) await sim.scanQr(code.payload, new Date(now.getTime() - hoursAgo * HOUR));
    }),
  );
}

/**
 * The unit checks QR codes offline with the server's key, which reaches it as a command: on a
 * busy machine well after the unit comes up, and a demo unit fails one command in twenty on
 * purpose. Waits for the key, and sends it again when the unit failed it, as staff would.
 */
async function qrKeyOn(services: Services, sim: SimulatedDevice): Promise<void> {
  const end = Date.now() + 180_000;
  while (sim.state.qrKey === null) {
    if (Date.now() > end) throw new Error(`${sim.serial}: no QR key within 180 s`);
    const failed = await services.db
      .updateTable('command as c')
      .set({ status: CMD_STATUS.notSent, info: '' })
      .from('device as d')
      .whereRef('d.id', '=', 'c.device_id')
      .where('d.serial', '=', sim.serial)
      .where('c.kind', '=', CMD_KIND.qrKey)
      .where('c.status', '=', CMD_STATUS.failed)
      .returning('c.device_id')
      .execute();
    if (failed.length) services.devices.dispatch(failed.map((f) => f.device_id));
    await sim.waitFor((s) => s.state.qrKey !== null, 2_000).catch(() => undefined);
  }
}

/**
 * Today's traffic at each demo unit, a few minutes before now (never before midnight), so
 * the overview's opens and refusals of today are never empty: residents' faces open, and an
 * unknown card and an unknown face are refused. No card opens here: the demo's two unused
 * cards stay unused.
 */
export async function todayTraffic(services: Services, sims: SimulatedDevice[], now: Date) {
  const midnight = dayAt(services.config.TZ_NAME, now, 0, 0).getTime();
  const at = (minutesAgo: number) => new Date(Math.max(midnight, now.getTime() - minutesAgo * 60_000)).toISOString();
  // The residents' faces of each unit's community, read from the database: the opens do not
  // wait for the face commands (a busy machine may still be delivering them).
  const faces = await services.db
    .selectFrom('face as f')
    .innerJoin('device as d', 'd.community_id', 'f.community_id')
    .select(['d.serial', 'f.account', 'f.user_name'])
    .where(
      'd.serial',
      'in',
      sims.map((s) => s.serial),
    )
    .orderBy('f.id')
    .execute();
  await Promise.all(
    sims.map(async (sim, s) => {
      const mine = faces.filter((f) => f.serial === sim.serial).slice(0, 2);
      for (const [k, face] of mine.entries()) {
        await sim.emit({
          kind: 'access',
          eid: crypto.randomUUID(),
          time: at(s * 5 + k + 2),
          type: ACCESS_TYPE.face,
          result: ACCESS_RESULT.ok,
          account: face.account,
          userName: face.user_name,
        });
      }
      const refused = { kind: 'access', result: ACCESS_RESULT.unknown } as const;
      await sim.emit({
        ...refused,
        eid: crypto.randomUUID(),
        time: at(s * 5 + 3),
        type: ACCESS_TYPE.invalidCard,
        cardNum: `99${String(s).padStart(8, '0')}`,
        cardMode: CARD_MODE.ic,
      });
      await sim.emit({ ...refused, eid: crypto.randomUUID(), time: at(s * 5 + 4), type: ACCESS_TYPE.unknownFace });
    }),
  );
}
