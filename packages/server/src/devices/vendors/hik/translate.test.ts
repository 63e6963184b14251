import { describe, expect, it } from 'vitest';
import { rerunOnPostgres } from '../../../test/harness.ts';
import { fromPush, fromSearch, toProtocolEvent } from './events.ts';
import { doorCmdOf, employeeNoOf, httpHostBody, offsetOf, personBody, templateBody, terminalTime, weekPlanBody } from './translate.ts';

/** The pure translations of the Hikvision adapter (docs/devices/hikvision.md "Messages", "Events"). */
describe.skipIf(rerunOnPostgres)('hik translate', () => {
  it('employeeNo is the account where ISAPI allows it, a stable hash otherwise', () => {
    expect(employeeNoOf('13912345678')).toBe('13912345678');
    const h = employeeNoOf('li.lei@example.com');
    expect(h).toMatch(/^h[0-9a-f]{31}$/);
    expect(employeeNoOf('li.lei@example.com')).toBe(h);
    expect(employeeNoOf('x'.repeat(33))).toHaveLength(32);
  });

  it('validity in the terminal local time; schedules as plan templates (Always = template 1)', () => {
    expect(terminalTime('2026-03-01T16:30:00.000Z', 480)).toBe('2026-03-02T00:30:00');
    expect(terminalTime('2026-03-01T16:30:00.000Z', -300)).toBe('2026-03-01T11:30:00');
    const p = personBody({ account: '139', userName: 'A', validfrom: '2026-01-01T00:00:00Z', schedules: [7, 2, 7] }, 0);
    expect(p.UserInfo).toMatchObject({
      employeeNo: '139',
      Valid: { enable: true, beginTime: '2026-01-01T00:00:00', endTime: '2037-12-31T23:59:59' },
      RightPlan: [{ doorNo: 1, planTemplateNo: '3,8' }],
    });
    expect(personBody({ account: '139' }, 0).UserInfo.RightPlan).toEqual([{ doorNo: 1, planTemplateNo: '1' }]);
  });

  it('week plans and templates; holiday mode', () => {
    const s = { id: 9, name: 'Night', week: [[], [], [], [], [], [], ['22:00-24:00']], holidayMode: 1 as const, holidayWeekday: 7 };
    expect(weekPlanBody(s).UserRightWeekPlanCfg.WeekPlanCfg).toEqual([
      { week: 'Sunday', id: 1, enable: true, TimeSegment: { beginTime: '22:00:00', endTime: '23:59:59' } },
    ]);
    expect(templateBody(s).UserRightPlanTemplate).toMatchObject({ weekPlanNo: 10, holidayGroupNo: '' });
    expect(templateBody({ ...s, holidayMode: 0 }).UserRightPlanTemplate.holidayGroupNo).toBe('1');
    expect([doorCmdOf('lockdown'), doorCmdOf('allOpen'), doorCmdOf('normal')]).toEqual(['alwaysClose', 'alwaysOpen', 'resume']);
  });

  it('listening host from the callback URL; offsets from the terminal clock', () => {
    const h = httpHostBody(new URL('https://gate.example.com/hik/events?unit=S1&sig=abc')).HttpHostNotificationList[0]
      ?.HttpHostNotification;
    expect(h).toMatchObject({ url: '/hik/events?unit=S1&sig=abc', protocolType: 'HTTPS', ipAddress: 'gate.example.com', portNo: 443 });
    expect(offsetOf('2026-11-29T09:40:00+08:00')).toBe(480);
    expect(offsetOf('2026-11-29T09:40:00-03:30')).toBe(-210);
    expect(offsetOf('2026-11-29T09:40:00Z')).toBe(0);
    expect(offsetOf('2026-11-29T09:40:00')).toBeNull();
  });

  it('events: grants, refusals, remote open and alarms; unknown codes and broken items dropped', () => {
    const base = { time: '2026-11-29T09:40:00+08:00', serialNo: 12 };
    expect(toProtocolEvent({ ...base, major: 5, minor: 1, cardNo: 'C1', employeeNoString: '139', name: 'A' })).toEqual({
      kind: 'access',
      eid: 'hik-12',
      time: '2026-11-29T01:40:00.000Z',
      type: 1,
      result: 0,
      account: '139',
      userName: 'A',
      cardNum: 'C1',
    });
    expect(toProtocolEvent({ ...base, major: 5, minor: 0x07, cardNo: 'C1' })).toMatchObject({ result: 9, reason: 'schedule' });
    expect(toProtocolEvent({ ...base, major: 5, minor: 0x4b, employeeNoString: '139' })).toMatchObject({ type: 5, result: 0 });
    expect(toProtocolEvent({ ...base, major: 3, minor: 0x400 })).toMatchObject({ type: 3, result: 0 });
    expect(toProtocolEvent({ ...base, major: 5, minor: 0x1c })).toMatchObject({ kind: 'alarm', alarmType: 'heldOpen' });
    expect(toProtocolEvent({ ...base, major: 1, minor: 0x404 })).toMatchObject({ kind: 'alarm', alarmType: 'tamper' });
    expect(toProtocolEvent({ ...base, major: 2, minor: 0x27 })).toBeNull();
    expect(toProtocolEvent({ ...base, major: 5, minor: 1, time: 'yesterday' })).toBeNull();
    expect(toProtocolEvent({ ...base, major: 5, minor: 1, serialNo: Number.NaN })).toBeNull();
  });

  it('reads pushed bodies and search pages, and nothing else', () => {
    expect(fromPush({ eventType: 'heartBeat' })).toBeNull();
    expect(fromPush('x')).toBeNull();
    expect(
      fromPush({
        eventType: 'AccessControllerEvent',
        dateTime: 't',
        AccessControllerEvent: { majorEventType: 5, subEventType: 1, serialNo: '4', cardNo: 9 },
      }),
    ).toMatchObject({ major: 5, minor: 1, serialNo: 4, cardNo: '9' });
    expect(
      fromSearch({
        AcsEvent: { responseStatusStrg: 'MORE', totalMatches: 40, InfoList: [{ major: 5, minor: 1, serialNo: 1, time: 't' }] },
      }),
    ).toMatchObject({
      more: true,
      total: 40,
      events: [{ major: 5, minor: 1, serialNo: 1 }],
    });
    expect(fromSearch({ nope: 1 })).toEqual({ events: [], more: false, total: 0 });
  });
});
