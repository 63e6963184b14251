import { describe, expect, it } from 'vitest';
import { type DoorEntry, type DownloadInfo, deleteAllHidden, mergeEntries, removeAll, removeEntry } from './doorEntries.ts';

const entry = (gateID: number, extra: Partial<DoorEntry> = {}): DoorEntry => ({
  gateID,
  address: `Gate ${gateID}`,
  validfrom: '2030/01/01 00:00:00',
  validto: '2031/01/01 00:00:00',
  info: '',
  isVilla: 0,
  ...extra,
});

describe('download dialog rules', () => {
  it('merges added door units, replacing entries of the same door unit in place and keeping their id and villa flag', () => {
    const configured = [entry(1, { id: 11 }), entry(2, { id: 12, isVilla: 1 })];
    const merged = mergeEntries(configured, [entry(2, { info: 'new', validto: '2040/01/01 00:00:00' }), entry(3, { info: 'added' })]);
    expect(merged.map((e) => [e.gateID, e.id, e.info, e.isVilla])).toEqual([
      [1, 11, '', 0],
      [2, 12, 'new', 1],
      [3, undefined, 'added', 0],
    ]);
    expect(merged[1]?.validto).toBe('2040/01/01 00:00:00');
  });

  it('refuses to remove a single-family entry and removes any other', () => {
    const list = [entry(1), entry(2, { isVilla: 1 })];
    expect(removeEntry(list, 2)).toBeNull();
    expect(removeEntry(list, 1)?.map((e) => e.gateID)).toEqual([2]);
    expect(removeAll(list).map((e) => e.gateID)).toEqual([2]);
  });

  it('hides delete all for the list as loaded when the server says so, and afterwards only for an empty or single-family list', () => {
    const configured = [entry(1)];
    const loaded: DownloadInfo = { allGms: [], configured, now: '', after: '', deletAll: true };
    expect(deleteAllHidden(configured, loaded)).toBe(true);
    expect(deleteAllHidden([...configured, entry(2)], loaded)).toBe(false);
    expect(deleteAllHidden([], { ...loaded, deletAll: false })).toBe(true);
    expect(deleteAllHidden([entry(1), entry(3, { isVilla: 1 })], { ...loaded, deletAll: false })).toBe(true);
    expect(deleteAllHidden(configured, { ...loaded, deletAll: false })).toBe(false);
  });
});
