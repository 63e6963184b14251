import { type Kysely, sql } from 'kysely';
import { createEventMonths } from '../db/event-partitions.ts';
import type { DB } from '../db/types.ts';

/** How many rows of each big table the scale generator writes. */
export interface ScaleSize {
  communities: number;
  /** Door units (each with a bound device) per community; households are 10 per door unit. */
  doorUnits: number;
  accounts: number;
  events: number;
  commands: number;
  cards: number;
  faces: number;
  opLog: number;
  alarms: number;
}

/** The sizes the speed issue measures (10M events…): minutes on PostgreSQL, not hours. */
export const FULL_SCALE: ScaleSize = {
  communities: 50,
  doorUnits: 40,
  accounts: 100_000,
  events: 10_000_000,
  commands: 1_000_000,
  cards: 1_000_000,
  faces: 200_000,
  opLog: 1_000_000,
  alarms: 200_000,
};

/**
 * Fills the real tables with generated rows by SQL `generate_series` (no round trip per
 * row), then VACUUM ANALYZEs them so the planner sees their real sizes. Names, numbers and
 * times vary the way the screens' filters need (prefixes, contains, codes, a year of
 * times). Runs on PGlite and PostgreSQL; adds to what is there.
 */
export async function generateScale(db: Kysely<DB>, s: ScaleSize): Promise<void> {
  const tag = `S${Date.now().toString(36)}`;
  await sql`insert into community (name, location, address, type)
    select ${tag} || '-' || n, '广东省/深圳市/南山区', '科技园' || n || '号', 0 from generate_series(1, ${s.communities}) n`.execute(db);
  await sql`insert into address (community_id, address, name, type, is_villa, hardware, devstate)
    select c.id, u || '栋大门', u || '栋门口机', 0, 0, 15, 0
    from community c, generate_series(1, ${s.doorUnits}) u where c.name like ${`${tag}-%`}`.execute(db);
  await sql`insert into address (community_id, address, name, type, is_villa, hardware, devstate)
    select a.community_id, a.address || '-' || (100 + r), 'H' || a.id || '-' || r, 1, 0, 0, 0
    from address a, generate_series(1, 10) r
    where a.type = 0 and a.community_id in (select id from community where name like ${`${tag}-%`})`.execute(db);
  await sql`insert into device (serial, name, is_villa, hardware, address_id, community_id, online, firmware, bound_at)
    select ${tag} || 'D' || a.id, a.name, 0, 15, a.id, a.community_id, a.id % 7 <> 0, 'sim/1.' || (a.id % 3), now()
    from address a where a.type = 0 and a.community_id in (select id from community where name like ${`${tag}-%`})`.execute(db);
  await sql`create temporary table if not exists scale_unit as
    select row_number() over (order by d.id) as i, d.id as device_id, d.address_id, d.community_id, d.name
    from device d join community c on c.id = d.community_id where c.name like ${`${tag}-%`}`.execute(db);
  await sql`create temporary table if not exists scale_home as
    select row_number() over (order by a.id) as i, a.id, a.community_id, a.address from address a
    join community c on c.id = a.community_id where c.name like ${`${tag}-%`} and a.type = 1`.execute(db);
  const units = Number((await sql<{ n: number }>`select count(*)::int as n from scale_unit`.execute(db)).rows[0]?.n);
  const homes = Number((await sql<{ n: number }>`select count(*)::int as n from scale_home`.execute(db)).rows[0]?.n);

  await sql`insert into account (reg_no, name, password_hash, role_id, state, community_id, address_id)
    select (13000000000 + n)::text, '住户' || n, 'x', 5, 1, h.community_id, h.id
    from generate_series(1, ${s.accounts}) n join scale_home h on h.i = 1 + n % ${homes}`.execute(db);
  // Events span the year before now: each month in its own partition (not the default one).
  await createEventMonths(db as unknown as Kysely<unknown>, new Date(Date.now() - 366 * 86_400_000), new Date());
  await sql`insert into access_event (device_id, eid, address_id, community_id, device_name, time, type, result, account,
      unlock_user_name, card_num, card_mode, is_work)
    select u.device_id, 'g' || n, u.address_id, u.community_id, u.name,
      now() - make_interval(secs => n * (31536000.0 / ${s.events})), (array[1, 1, 4, 5, 5, 2, 3])[1 + n % 7],
      case when n % 50 = 7 then 1 + n % 9 else 0 end,
      (13000000000 + n % ${s.accounts})::text, '住户' || (n % ${s.accounts}), lpad((n % 1000000)::text, 10, '0'), case when n % 40 = 3 then 1 + n % 5 else 0 end, n % 50 = 0
    from generate_series(1, ${s.events}) n join scale_unit u on u.i = 1 + n % ${units}`.execute(db);
  await sql`insert into command (device_id, address_id, community_id, subject, account, type, kind, object_key, payload, status,
      created_at, updated_at)
    select u.device_id, u.address_id, u.community_id, u.name || ' ' || (100 + n % 20), (13000000000 + n % ${s.accounts})::text,
      case when n % 30 = 1 then 2 + n % 3 else 1 end, 'card.put', 'card:' || n, '{}'::jsonb,
      case when n % 25 = 2 then n % 5 else 2 end,
      now() - make_interval(secs => n * 30), now() - make_interval(secs => n * 29)
    from generate_series(1, ${s.commands}) n join scale_unit u on u.i = 1 + n % ${units}`.execute(db);
  await sql`insert into card (card_no, community_id, address_id, account, user_name, card_type, card_mode, status)
    select lpad(n::text, 10, '0'), h.community_id, h.id, (13000000000 + n % ${s.accounts})::text, '住户' || n,
      (array['accesscard', 'accesscard', 'laddercard', 'accladdcard', 'patrolcard', 'authcard'])[1 + n % 6],
      (array['ic', 'id'])[1 + n % 2], (array['enable', 'enable', 'disable'])[1 + n % 3]
    from generate_series(1, ${s.cards}) n join scale_home h on h.i = 1 + n % ${homes}`.execute(db);
  await sql`insert into card_gate (card_id, gate_id, validfrom, validto)
    select c.id, u.address_id, now() - interval '1 day', now() + interval '1 year'
    from card c join scale_home h on h.id = c.address_id join scale_unit u on u.i = 1 + c.id % ${units}`.execute(db);
  const photo = await sql<{ id: number }>`insert into stored_file (kind, path, mime, size, original_name)
    values ('face', 'scale/none.jpg', 'image/jpeg', 0, 'none.jpg') returning id`.execute(db);
  await sql`insert into face (community_id, address_id, account, user_name, status, photo_file_id)
    select h.community_id, h.id, (13000000000 + n % ${s.accounts})::text, '住户' || n, (array['enable', 'disable'])[1 + n % 2],
      ${photo.rows[0]?.id}
    from generate_series(1, ${s.faces}) n join scale_home h on h.i = 1 + n % ${homes}`.execute(db);
  await sql`insert into face_gate (face_id, gate_id, validfrom, validto)
    select f.id, u.address_id, now() - interval '1 day', now() + interval '1 year'
    from face f join scale_home h on h.id = f.address_id join scale_unit u on u.i = 1 + f.id % ${units}`.execute(db);
  await sql`insert into op_log (name1, name2, content, regno, community_id, addtime, detail)
    select (array['account', 'access', 'project'])[1 + n % 3], (array['', 'access.gate', 'project.devices'])[1 + n % 3],
      'op.account.delete::{"regNos":"' || (13000000000 + n % ${s.accounts}) || '"}', (13000000000 + n % ${s.accounts})::text, h.community_id, now() - make_interval(secs => n * 20),
      json_build_object('before', json_build_object('name', 'Resident ' || n, 'state', 1), 'after', json_build_object('name', 'Resident ' || n || 'b', 'state', 1))
    from generate_series(1, ${s.opLog}) n join scale_home h on h.i = 1 + n % ${homes}`.execute(db);
  await sql`insert into alarm (device_id, eid, serial, address_id, community_id, device_name, kind, time, cleared_at, ack_at)
    select u.device_id, 'ga' || n, 'SCALE' || u.device_id, u.address_id, u.community_id, u.name,
      (array['forced', 'held', 'tamper', 'offline', 'duress'])[1 + n % 5], now() - make_interval(secs => n * 60),
      case when n % 5 = 3 then now() end, case when n % 4 = 0 then now() end
    from generate_series(1, ${s.alarms}) n join scale_unit u on u.i = 1 + n % ${units}`.execute(db);
  await sql`drop table scale_unit`.execute(db);
  await sql`drop table scale_home`.execute(db);
  // VACUUM also merges the trigram indexes' pending lists, as autovacuum would on a live site.
  for (const t of ['account', 'access_event', 'command', 'card', 'card_gate', 'face', 'face_gate', 'op_log', 'alarm'])
    await sql`vacuum analyze ${sql.table(t)}`.execute(db);
  await sql`analyze`.execute(db);
}
