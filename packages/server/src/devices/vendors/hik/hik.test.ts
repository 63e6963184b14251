import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, type CmdKind } from '@gatehouse/contracts';
import type { HikFault } from '@gatehouse/device-sim';
import { beforeAll, describe, expect, it } from 'vitest';
import { HIK_TEST_PASSWORD, type HikRig, useHikRig } from './test-rig.ts';

/**
 * A Hikvision terminal's commands end to end over real HTTP (docs/devices/hikvision.md, test-rig.ts):
 * queued the real way, claimed, sent by the hik-isapi adapter to the emulator (digest authentication),
 * acked through the real inbound path; the emulator told to misbehave for each fault. Events: hik-events.test.ts.
 */

const suite = useHikRig();
let r: HikRig;
beforeAll(() => {
  r = suite.rig;
});

describe('hik-isapi adapter against the emulator: commands', () => {
  it('card.put makes the person (local-time validity, plan) and the card; card.delete removes both', async () => {
    const put = await r.run(CMD_KIND.cardPut, {
      cardId: '100200300',
      account: '13900001111',
      userName: 'Li Lei',
      validfrom: '2026-01-01T00:00:00.000Z',
      validto: '2027-01-01T00:00:00.000Z',
      schedules: [5],
    });
    expect(put).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(r.emu.state.cards.get('100200300')).toEqual({ employeeNo: '13900001111', cardNo: '100200300', cardType: 'normalCard' });
    const user = r.emu.state.users.get('13900001111');
    expect(user?.name).toBe('Li Lei');
    expect(user?.Valid).toMatchObject({ beginTime: '2026-01-01T08:00:00', endTime: '2027-01-01T08:00:00' });
    expect(user?.RightPlan).toEqual([{ doorNo: 1, planTemplateNo: '6' }]);

    const del = await r.run(CMD_KIND.cardDelete, { cardId: '100200300' });
    expect(del).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(r.emu.state.cards.has('100200300')).toBe(false);
    expect(r.emu.state.users.has('13900001111')).toBe(false);
  });

  it('a person keeps what else is theirs: deleting one of two cards leaves the other and the person', async () => {
    for (const cardId of ['A1', 'A2']) await r.run(CMD_KIND.cardPut, { cardId, account: '13900002222', userName: 'Han Mei' });
    expect((await r.run(CMD_KIND.cardDelete, { cardId: 'A1' })).status).toBe(CMD_STATUS.success);
    expect(r.emu.state.cards.has('A2')).toBe(true);
    expect(r.emu.state.users.has('13900002222')).toBe(true);
    expect(await r.run(CMD_KIND.cardDelete, { cardId: 'A9' })).toEqual({ status: CMD_STATUS.success, info: 'absent' });
  });

  it('face.put uploads the photo (multipart) on the holder; face.delete removes it and the person', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000), Buffer.from([0xff, 0xd9])]);
    const put = await r.run(CMD_KIND.facePut, {
      faceId: 77,
      account: '13900003333',
      userName: 'Wei',
      imgBase64: jpeg.toString('base64'),
      status: '1',
    });
    expect(put).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(r.emu.state.faces.get('13900003333')).toMatchObject({ FPID: '13900003333', bytes: jpeg.length });
    // Put again (a new photo): replaced, not refused as a second face.
    expect(
      (
        await r.run(CMD_KIND.facePut, {
          faceId: 77,
          account: '13900003333',
          userName: 'Wei',
          imgBase64: jpeg.toString('base64'),
          status: '1',
        })
      ).status,
    ).toBe(CMD_STATUS.success);
    expect(await r.run(CMD_KIND.faceDelete, { faceId: 77 })).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(r.emu.state.faces.has('13900003333')).toBe(false);
    expect(r.emu.state.users.has('13900003333')).toBe(false);
  });

  it('tables, emergency modes, remote open, reset; kinds a terminal cannot do are acked unsupported', async () => {
    const sched = await r.run(CMD_KIND.scheduleTable, {
      timeZone: 'Asia/Shanghai',
      schedules: [
        { id: 3, name: 'Office', week: [['08:00-12:00', '13:00-24:00'], [], [], [], [], [], []], holidayMode: 0, holidayWeekday: null },
      ],
    });
    expect(sched.status).toBe(CMD_STATUS.success);
    expect(r.emu.state.templates.get(4)).toMatchObject({ weekPlanNo: 4, holidayGroupNo: '1', templateName: 'Office' });
    expect(r.emu.state.weekPlans.get(4)).toMatchObject({
      WeekPlanCfg: [
        { week: 'Monday', id: 1, TimeSegment: { beginTime: '08:00:00', endTime: '12:00:00' } },
        { week: 'Monday', id: 2, TimeSegment: { beginTime: '13:00:00', endTime: '23:59:59' } },
      ],
    });
    const hol = await r.run(CMD_KIND.holidayTable, { holidays: [{ name: 'National day', from: '2026-10-01', to: '2026-10-07' }] });
    expect(hol.status).toBe(CMD_STATUS.success);
    expect(r.emu.state.holidayPlans.get(1)).toMatchObject({ beginDate: '2026-10-01', endDate: '2026-10-07' });
    expect(r.emu.state.holidayGroups.get(1)).toMatchObject({ HolidayPlanList: [{ id: 1 }] });

    const since = new Date().toISOString();
    expect(await r.run(CMD_KIND.emergencyMode, { mode: 'lockdown', reason: 'drill', allow: [], since })).toEqual({
      status: CMD_STATUS.success,
      info: 'mode:lockdown',
    });
    expect(r.emu.state.door).toBe('alwaysClose');
    // Always closed: the terminal refuses a remote open with its own reason.
    const refused = await r.run(CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' });
    expect(refused.status).toBe(CMD_STATUS.failed);
    expect(refused.info).toContain('doorAlwaysClosed');
    expect((await r.run(CMD_KIND.emergencyMode, { mode: 'allOpen', reason: 'fire', allow: [], since })).info).toBe('mode:allOpen');
    expect(r.emu.state.door).toBe('alwaysOpen');
    expect((await r.run(CMD_KIND.emergencyMode, { mode: 'normal', reason: '', allow: [], since })).info).toBe('mode:normal');
    expect(r.emu.state.door).toBe('normal');
    const opens = r.emu.state.opens;
    expect((await r.run(CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' })).status).toBe(CMD_STATUS.success);
    expect(r.emu.state.opens).toBe(opens + 1);

    expect(await r.run(CMD_KIND.qrKey, { alg: 'Ed25519', publicKey: 'x', publicKeyPem: 'x' })).toEqual({
      status: CMD_STATUS.success,
      info: 'unsupported',
    });
    expect((await r.run(CMD_KIND.groupTable, { groups: [] })).info).toBe('unsupported');

    await r.run(CMD_KIND.cardPut, { cardId: 'R1', account: '13900004444' });
    expect(r.emu.state.cards.size).toBeGreaterThan(0);
    expect(await r.run(CMD_KIND.reset, {})).toEqual({ status: CMD_STATUS.success, info: '' });
    expect(r.emu.state.cards.size).toBe(0);
    expect(r.emu.state.users.size).toBe(0);
  });

  const faults: [HikFault, CmdKind, string][] = [
    ['garbage', CMD_KIND.cardPut, 'unreadable answer'],
    ['errorBody', CMD_KIND.cardPut, 'Device Busy / deviceBusy'],
    ['wrongRealm', CMD_KIND.cardPut, 'Unauthorized'],
    ['timeout', CMD_KIND.cardPut, 'timeout'],
    ['duplicateEmployee', CMD_KIND.cardPut, 'employeeNoAlreadyExist'],
    ['refusePhoto', CMD_KIND.facePut, 'modelingFailed'],
  ];
  it.each(faults)(
    'a terminal that misbehaves (%s): the command fails with its reason, the next one succeeds',
    async (fault, kind, reason) => {
      r.emu.misbehave(fault, 'UserInfo'); // persons only: the door open queued after it is not affected
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]).toString('base64');
      const payload =
        kind === CMD_KIND.facePut
          ? { faceId: 5, account: '13900005555', userName: 'F', imgBase64: jpeg, status: '1' }
          : { cardId: `F-${fault}`, account: '13900005555' };
      const id = await r.queue(kind, payload as never);
      const other = await r.queue(CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' });
      await r.dispatch([r.deviceId]);
      const row = await r.commandRow(id);
      expect(row.status).toBe(CMD_STATUS.failed);
      expect(row.info).toContain(reason);
      expect(row.info).not.toContain(HIK_TEST_PASSWORD);
      expect(await r.commandRow(other)).toEqual({ status: CMD_STATUS.success, info: '' });
      r.emu.misbehave(null);
      expect((await r.run(kind, payload as never)).status).toBe(CMD_STATUS.success);
    },
  );
});
