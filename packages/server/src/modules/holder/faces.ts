import { CMD_KIND, HARDWARE } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { anyInt } from '../../db/sql.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { command, type NewCommand, type QueuedSend, wireDate } from '../../devices/new-command.ts';
import type { DesiredSource, DoorConfig } from '../../devices/desired.ts';
import { gateHardware } from './units.ts';
import { sealedFiles } from '../../faces/sealed-files.ts';
import { groupSchedulesOfHolders, schedulesByHolder, schedulesField } from './reach.ts';

/**
 * Faces on door units (DESIGN §6): one command per face and door unit, object key
 * `face:<faceId>` so a newer state supersedes an older pending one. An enabled face on a
 * face-capable door unit is put (with its stored JPEG); otherwise it is deleted.
 */

export const faceKey = (faceId: number) => `face:${faceId}`;

interface FaceOnGate {
  faceId: number;
  account: string;
  userName: string;
  status: string;
  /** Its own entry's validity; none where it reaches the unit through access groups only. */
  validfrom?: Date;
  validto?: Date;
  photoPath: string;
  hardware: number;
}

/** The stored photo (stored_file.path is relative to the data directory), opened, as base64: units get the plain JPEG. */
async function photoBase64(config: DoorConfig, rel: string): Promise<string> {
  const data = await sealedFiles(config.photoKeys ?? { dataDir: config.dataDir }).read(rel);
  if (!data) throw new Error(`face photo ${rel} is missing`);
  return data.toString('base64');
}

export const faceDeleteCommand = (faceId: number, account: string): NewCommand =>
  command(CMD_KIND.faceDelete, { faceId }, { objectKey: faceKey(faceId), account });

async function commandFor(f: FaceOnGate, config: DoorConfig, photos: Map<string, string>, schedules?: number[]): Promise<NewCommand> {
  if (f.status !== 'enable' || !(f.hardware & HARDWARE.face)) return faceDeleteCommand(f.faceId, f.account);
  let img = photos.get(f.photoPath);
  if (img === undefined) {
    img = await photoBase64(config, f.photoPath);
    photos.set(f.photoPath, img);
  }
  return command(
    CMD_KIND.facePut,
    {
      faceId: f.faceId,
      account: f.account,
      userName: f.userName,
      imgBase64: img,
      ...(f.validfrom && f.validto ? { validfrom: wireDate(f.validfrom), validto: wireDate(f.validto) } : {}),
      status: f.status,
      ...(schedules ? schedulesField(schedules) : {}),
    },
    { objectKey: faceKey(f.faceId), account: f.account },
  );
}

/** What a face's command needs of it (`f` the face, `p` its stored photo): not the face list's FACE_COLUMNS. */
const FACE_FOR_UNIT = ['f.id as faceId', 'f.account', 'f.user_name as userName', 'f.status', 'p.path as photoPath'] as const;

function facesOnGates(db: Kysely<DB>) {
  return db
    .selectFrom('face_gate as g')
    .innerJoin('face as f', 'f.id', 'g.face_id')
    .innerJoin('stored_file as p', 'p.id', 'f.photo_file_id')
    .innerJoin('address as a', 'a.id', 'g.gate_id')
    .leftJoin('device as d', 'd.address_id', 'a.id')
    .select(['g.gate_id', ...FACE_FOR_UNIT, 'g.validfrom', 'g.validto', gateHardware.as('hardware')]);
}

/**
 * Queues the current state of a face on the given door units: put where it is configured
 * and enabled, delete where it is not (or no longer) configured, or disabled.
 */
export const queueFaceState = (trx: Kysely<DB>, q: CommandQueue, faceId: number, gateIds: number[]): Promise<void> =>
  queueFacesState(trx, q, [faceId], gateIds);

/**
 * `queueFaceState` for many faces at once, in a fixed number of statements: their own entries
 * on the units, their groups' schedules there, the faces as the other units would hold them,
 * then the commands in one batch (each photo read once).
 */
export async function queueFacesState(
  trx: Kysely<DB>,
  q: CommandQueue,
  faceIds: readonly number[],
  gateIds: readonly number[],
): Promise<void> {
  const gates = [...new Set(gateIds)];
  if (!gates.length || !faceIds.length) return;
  const faces = await trx.selectFrom('face').select(['id', 'account']).where('id', '=', anyInt(faceIds)).orderBy('id').execute();
  const ids = faces.map((f) => f.id);
  if (!ids.length) return;
  const ownRows = await facesOnGates(trx).where('g.face_id', '=', anyInt(ids)).where('g.gate_id', '=', anyInt(gates)).execute();
  const own = new Map(ownRows.map((r) => [`${r.faceId}/${r.gate_id}`, r]));
  // Where a face has no entry of its own, its access groups may still hold it there.
  const viaGroups = await groupSchedulesOfHolders(trx, 'face', ids, gates);
  const elsewhere = new Map((await facesOnUnits(trx, [...viaGroups.keys()], gates)).map((r) => [`${r.faceId}/${r.gate_id}`, r]));
  const photos = new Map<string, string>();
  const sends: QueuedSend[] = [];
  for (const f of faces) {
    for (const gate of gates) {
      const mine = own.get(`${f.id}/${gate}`);
      const schedules = mine ? undefined : viaGroups.get(f.id)?.get(gate);
      const held = schedules && elsewhere.get(`${f.id}/${gate}`);
      const cmd = mine
        ? await commandFor(mine, q.doors, photos)
        : held
          ? await commandFor(held, q.doors, photos, schedules)
          : faceDeleteCommand(f.id, f.account);
      sends.push({ to: [gate], cmds: [cmd] });
    }
  }
  await q.addMany(sends);
}

/** Faces as each of the units would hold them (photo, the unit's hardware), without an entry of their own there. */
function facesOnUnits(db: Kysely<DB>, faceIds: number[], unitIds: number[]) {
  if (!faceIds.length) return Promise.resolve([]);
  return db
    .selectFrom('address as a')
    .leftJoin('device as d', 'd.address_id', 'a.id')
    .innerJoin('face as f', (j) => j.on('f.id', '=', anyInt(faceIds)))
    .innerJoin('stored_file as p', 'p.id', 'f.photo_file_id')
    .select(['a.id as gate_id', ...FACE_FOR_UNIT, gateHardware.as('hardware')])
    .where('a.id', '=', anyInt(unitIds))
    .orderBy('a.id')
    .execute();
}

/** Enabled faces that reach a unit through groups only, with their schedules. */
async function groupFacesOfUnit(db: Kysely<DB>, unitId: number) {
  const rows = await db
    .selectFrom('access_group_unit as gu')
    .innerJoin('access_group as g', 'g.id', 'gu.group_id')
    .innerJoin('access_group_face as gf', 'gf.group_id', 'g.id')
    .innerJoin('face as f', 'f.id', 'gf.face_id')
    .innerJoin('stored_file as p', 'p.id', 'f.photo_file_id')
    .select([...FACE_FOR_UNIT, 'g.schedule_id'])
    .where('gu.address_id', '=', unitId)
    .where('f.status', '=', 'enable')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('face_gate as fg').select('fg.id').whereRef('fg.face_id', '=', 'f.id').where('fg.gate_id', '=', unitId))),
    )
    .orderBy('f.id')
    .execute();
  return schedulesByHolder(rows, (r) => r.faceId);
}

/** The faces of a door unit are part of its desired configuration (sent on activation and resync). */
export const faceSource: DesiredSource = async (db, door, config) => {
  if (!(door.hardware & HARDWARE.face)) return [];
  const rows = await facesOnGates(db).where('g.gate_id', '=', door.addressId).where('f.status', '=', 'enable').orderBy('f.id').execute();
  const photos = new Map<string, string>();
  const out: NewCommand[] = [];
  for (const r of rows) out.push(await commandFor({ ...r, hardware: door.hardware }, config, photos));
  for (const e of await groupFacesOfUnit(db, door.addressId))
    out.push(await commandFor({ ...e.holder, hardware: door.hardware }, config, photos, e.schedules));
  return out;
};
