import { CMD_KIND, CMD_TYPE, type CmdMessage } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { randomActivity } from './activity.ts';
import { DeviceState } from './state.ts';

const card = (id: number, cardId: string): CmdMessage =>
  ({
    id,
    type: CMD_TYPE.card,
    kind: CMD_KIND.cardPut,
    payload: { cardId, account: `1390000000${id}`, userName: 'Holder', cardMode: 'ic', status: 'enable' },
    createdAt: '2026-11-28T10:00:00.000Z',
  }) as CmdMessage;

/** Issue 36 item 13: the demo's "never used" cards stay unused however long its units run. */
describe('random unit activity', () => {
  it('never presents an idle card, and still presents the others', () => {
    const state = new DeviceState();
    state.apply(card(1, '10000001'));
    state.apply(card(2, '10000002'));
    let seed = 42;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const cards = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const e = randomActivity(state, rand, new Date(), new Set(['10000002']));
      if (e.kind === 'access' && 'cardNum' in e && e.cardNum) cards.add(e.cardNum);
    }
    expect(cards.has('10000002')).toBe(false);
    expect(cards.has('10000001')).toBe(true);
  });
});
