import { CMD_KIND, CMD_TYPE } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { command } from './new-command.ts';

describe('command(kind, payload)', () => {
  it('files each kind under its command type (001 §4)', () => {
    expect(command(CMD_KIND.cardDelete, { cardId: 'C1' }, { objectKey: 'card:C1' })).toEqual({
      type: CMD_TYPE.card,
      kind: 'card.delete',
      payload: { cardId: 'C1' },
      objectKey: 'card:C1',
    });
    expect(command(CMD_KIND.faceDelete, { faceId: 3 }, { objectKey: 'face:3', account: '13800000001' }).type).toBe(CMD_TYPE.face);
    expect(command(CMD_KIND.ladderFile, { addressId: 1, isVilla: 0, entries: [] }, { objectKey: 'ladder' }).type).toBe(CMD_TYPE.ladder);
    expect(command(CMD_KIND.reset, {}, { objectKey: '' }).type).toBe(CMD_TYPE.other);
  });

  it('does not compile with another kind’s payload', () => {
    // @ts-expect-error a face id is not a card.put payload
    command(CMD_KIND.cardPut, { faceId: 1 }, { objectKey: 'card:1' });
    // @ts-expect-error the call-code table needs its entries
    command(CMD_KIND.callCodes, { addressId: 1, isVilla: 0 }, { objectKey: 'amt' });
  });
});
