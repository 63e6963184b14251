import { describe, expect, it } from 'vitest';
import { collectLadder, type LadderDraft } from './ladderDraft.ts';

const gms = [
  { intValue: 1, label: 'North gate' },
  { intValue: 2, label: 'South gate' },
];
const full: LadderDraft = { ResiLevel: '05', bank: 2, node: 15, GateType: 2, isadmin: true, FrontUnlockLevelList: ['07'] };

describe('lift configuration rules', () => {
  it('saves every complete door unit and leaves out untouched ones', () => {
    const res = collectLadder(
      gms,
      new Map([
        [2, full],
        [1, {}],
      ]),
    );
    expect(res).toEqual({
      lcls: [
        {
          addressid: 2,
          ResiLevel: '05',
          bank: 2,
          node: 15,
          GateType: 2,
          isadmin: 1,
          isVilla: 0,
          FrontUnlockLevelList: ['07'],
          BackUnlockLevelList: [],
        },
      ],
    });
  });

  it.each([
    ['only the resident floor', { ResiLevel: '05' }],
    ['three of the four', { ResiLevel: '05', bank: 2, node: 15 }],
    ['an empty door type', { ...full, GateType: undefined }],
    ['floors without the four', { FrontUnlockLevelList: ['03'] }],
    ['the administrator flag alone', { isadmin: true }],
  ])('refuses %s and names the door unit', (_name, draft: LadderDraft) => {
    expect(
      collectLadder(
        gms,
        new Map([
          [1, full],
          [2, draft],
        ]),
      ),
    ).toEqual({ incomplete: gms[1] });
  });

  it('accepts lift group 0 and the floor -8 as filled', () => {
    const res = collectLadder(gms, new Map([[1, { ResiLevel: '-8', bank: 0, node: 0, GateType: 0 }]]));
    expect('lcls' in res && res.lcls[0]).toMatchObject({ ResiLevel: '-8', bank: 0, node: 0, GateType: 0 });
  });
});
