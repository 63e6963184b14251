import type { ScheduleRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

/** A schedule's times as people type them: `8:00` is `08:00`, on the server as in the form (issue 36 item 10). */
describe('schedule times as typed', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  beforeAll(async () => {
    t = await testApp();
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Typing Court');
  });
  afterAll(() => t.close());

  const save = (name: string, monday: string[]) =>
    t.post<ScheduleRow>(
      '/rules/saveSchedule',
      { communityId: community, name, week: JSON.stringify([monday, [], [], [], [], [], []]), holidayMode: 0 },
      token,
    );

  it('takes an hour of one digit and keeps it as HH:MM', async () => {
    const res = await save('Morning', ['8:00-9:30', ' 13:00 - 17:30 ']);
    expect(res.body.status, res.body.msgs.join(';')).toBe(200);
    expect(res.body.content.week[0]).toEqual(['08:00-09:30', '13:00-17:30']);
  });

  it('still refuses what is no time of day, naming the day', async () => {
    for (const bad of ['25:00-26:00', '8:5-9:00', '8-9', '08:00-07:00']) {
      const res = await save(`Bad ${bad}`, [bad]);
      expect(res.body.status, bad).toBe(400);
      expect(res.body.msgs.join(' '), bad).toMatch(/Monday/);
    }
  });
});
