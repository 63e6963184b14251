import {
  CMD_KIND,
  type CardDeletePayload,
  type CardPutPayload,
  type EmergencyModePayload,
  type FaceDeletePayload,
  type FacePutPayload,
  type HolidayTablePayload,
  type ScheduleTablePayload,
} from '@gatehouse/contracts';
import type { Db } from '../../../db/index.ts';
import type { ClaimedCommand } from '../../claim.ts';
import { type HikClient, HikFault } from './client.ts';
import {
  cardBody,
  cardDeleteBody,
  cardSearchBody,
  cardsOfBody,
  doorBody,
  doorCmdOf,
  employeeNoOf,
  faceDeleteBody,
  faceRecord,
  faceSearchBody,
  holidayGroupBody,
  holidayPlanBody,
  HOLIDAY_GROUP,
  ISAPI,
  personBody,
  templateBody,
  templateOf,
  userDeleteBody,
  weekPlanBody,
} from './translate.ts';

/**
 * Carries out one command on a terminal (docs/devices/hikvision.md "Messages"): the ISAPI calls
 * of its kind, in order. Answers the ack's `info` on success; throws HikFault (the terminal's
 * reason: the command fails) or HikUnreachable (the command stays pending).
 */

/** Kinds a Hikvision terminal has no use for: acked ok with info `unsupported`. */
export const UNSUPPORTED_KINDS: readonly string[] = [
  CMD_KIND.qrKey,
  CMD_KIND.qrRevoke,
  CMD_KIND.callCodes,
  CMD_KIND.ladderFile,
  CMD_KIND.groupTable,
];

export interface Terminal {
  deviceId: number;
  client: HikClient;
  /** The terminal's offset from UTC in minutes (read from `/ISAPI/System/time`). */
  offset(): Promise<number>;
}

const obj = <T>(p: unknown, check: (v: T) => boolean): T => {
  const v = p as T;
  if (!p || typeof p !== 'object' || !check(v)) throw new HikFault('malformed command payload');
  return v;
};
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

interface Found {
  responseStatusStrg?: string;
  numOfMatches?: number;
}
const matched = (s: Found | undefined): boolean => !!s && s.responseStatusStrg !== 'NO MATCH' && Number(s.numOfMatches ?? 0) > 0;

async function hasCards(t: Terminal, employeeNo: string): Promise<boolean> {
  const r = await t.client.json<{ CardInfoSearch?: Found }>('POST', ISAPI.cardSearch, cardsOfBody(employeeNo));
  return matched(r.CardInfoSearch);
}

async function hasFace(t: Terminal, employeeNo: string): Promise<boolean> {
  return matched(await t.client.json<Found>('POST', ISAPI.faceSearch, faceSearchBody(employeeNo)));
}

/** Removes the person when nothing of theirs is left on the terminal. */
async function dropPersonIfEmpty(t: Terminal, employeeNo: string): Promise<void> {
  if (!(await hasCards(t, employeeNo)) && !(await hasFace(t, employeeNo)))
    await t.client.json('PUT', ISAPI.userDelete, userDeleteBody(employeeNo));
}

export async function applyCommand(db: Db, t: Terminal, cmd: ClaimedCommand, pollMs = 200): Promise<string> {
  if (UNSUPPORTED_KINDS.includes(cmd.kind)) return 'unsupported';
  switch (cmd.kind) {
    case CMD_KIND.profile:
      return ''; // the name is kept by the server
    // The payloads' `cardId` is the card NUMBER (the protocol's name, fixed by DESIGN.md): Hik's cardNo.
    case CMD_KIND.cardPut: {
      const p = obj<CardPutPayload>(cmd.payload, (v) => isText(v.cardId) && isText(v.account));
      await t.client.json('PUT', ISAPI.userSetUp, personBody(p, await t.offset()));
      await t.client.json('PUT', ISAPI.cardSetUp, cardBody(p.cardId, p.account));
      return '';
    }
    case CMD_KIND.cardDelete: {
      const p = obj<CardDeletePayload>(cmd.payload, (v) => isText(v.cardId));
      const found = await t.client.json<{ CardInfoSearch?: Found & { CardInfo?: { employeeNo?: string }[] } }>(
        'POST',
        ISAPI.cardSearch,
        cardSearchBody(p.cardId),
      );
      const employeeNo = matched(found.CardInfoSearch) ? found.CardInfoSearch?.CardInfo?.[0]?.employeeNo : undefined;
      if (!employeeNo) return 'absent';
      await t.client.json('PUT', ISAPI.cardDelete, cardDeleteBody(p.cardId));
      await dropPersonIfEmpty(t, employeeNo);
      return '';
    }
    case CMD_KIND.facePut: {
      const p = obj<FacePutPayload>(cmd.payload, (v) => Number.isInteger(v.faceId) && isText(v.account) && isText(v.imgBase64));
      const employeeNo = employeeNoOf(p.account);
      await t.client.json('PUT', ISAPI.userSetUp, personBody(p, await t.offset()));
      if (await hasFace(t, employeeNo)) await t.client.json('PUT', ISAPI.faceDelete, faceDeleteBody(employeeNo));
      const form = new FormData();
      form.set('FaceDataRecord', JSON.stringify(faceRecord(p)));
      form.set('img', new Blob([Buffer.from(p.imgBase64, 'base64')], { type: 'image/jpeg' }), 'face.jpg');
      await t.client.form('POST', ISAPI.faceRecord, form);
      await db
        .insertInto('hik_face')
        .values({ device_id: t.deviceId, face_id: p.faceId, employee_no: employeeNo })
        .onConflict((oc) => oc.columns(['device_id', 'face_id']).doUpdateSet({ employee_no: employeeNo }))
        .execute();
      return '';
    }
    case CMD_KIND.faceDelete: {
      const p = obj<FaceDeletePayload>(cmd.payload, (v) => Number.isInteger(v.faceId));
      const row = await db
        .selectFrom('hik_face')
        .select('employee_no')
        .where('device_id', '=', t.deviceId)
        .where('face_id', '=', p.faceId)
        .executeTakeFirst();
      if (!row) return 'absent';
      await t.client.json('PUT', ISAPI.faceDelete, faceDeleteBody(row.employee_no));
      await db.deleteFrom('hik_face').where('device_id', '=', t.deviceId).where('face_id', '=', p.faceId).execute();
      await dropPersonIfEmpty(t, row.employee_no);
      return '';
    }
    case CMD_KIND.reset: {
      await t.client.json('PUT', ISAPI.resetAll, { UserInfoDetail: { mode: 'all' } });
      for (let i = 0; ; i++) {
        const s = await t.client.json<{ UserInfoDetailDeleteProcess?: { status?: string } }>('GET', ISAPI.resetProgress);
        const status = s.UserInfoDetailDeleteProcess?.status;
        if (status === 'success') break;
        if (status !== 'processing') throw new HikFault(`delete all persons: ${status ?? 'no status'}`);
        if (i >= 50) throw new HikFault('delete all persons: still processing');
        await new Promise((r) => setTimeout(r, pollMs));
      }
      await db.deleteFrom('hik_face').where('device_id', '=', t.deviceId).execute();
      return '';
    }
    case CMD_KIND.scheduleTable: {
      const p = obj<ScheduleTablePayload>(cmd.payload, (v) => Array.isArray(v.schedules));
      for (const s of p.schedules) {
        if (s.id === 0) continue; // "Always" is the terminal's template 1
        await t.client.json('PUT', ISAPI.weekPlan(templateOf(s.id)), weekPlanBody(s));
        await t.client.json('PUT', ISAPI.template(templateOf(s.id)), templateBody(s));
      }
      return '';
    }
    case CMD_KIND.holidayTable: {
      const p = obj<HolidayTablePayload>(cmd.payload, (v) => Array.isArray(v.holidays));
      for (const [i, h] of p.holidays.entries()) await t.client.json('PUT', ISAPI.holidayPlan(i + 1), holidayPlanBody(h));
      await t.client.json('PUT', ISAPI.holidayGroup(HOLIDAY_GROUP), holidayGroupBody(p.holidays.length));
      return '';
    }
    case CMD_KIND.emergencyMode: {
      const p = obj<EmergencyModePayload>(cmd.payload, (v) => ['normal', 'lockdown', 'allOpen'].includes(v.mode));
      await t.client.json('PUT', ISAPI.door, doorBody(doorCmdOf(p.mode)));
      return `mode:${p.mode}`;
    }
    case CMD_KIND.doorOpen:
      await t.client.json('PUT', ISAPI.door, doorBody('open'));
      return '';
    default:
      return 'unsupported';
  }
}
