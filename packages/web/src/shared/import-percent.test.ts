import { describe, expect, it } from 'vitest';
import { importPercent, newImportId } from './import-percent.ts';

describe('import progress bar', () => {
  it('reaches 100% only when the server says the import is finished', () => {
    expect(importPercent({ stage: 'validate', done: 500, total: null, finished: false })).toBe(35);
    expect(importPercent({ stage: 'hash', done: 0, total: 200, finished: false })).toBe(40);
    expect(importPercent({ stage: 'hash', done: 100, total: 200, finished: false })).toBe(65);
    expect(importPercent({ stage: 'hash', done: 200, total: 200, finished: false })).toBe(90);
    expect(importPercent({ stage: 'write', done: 0, total: 200, finished: false })).toBe(95);
    expect(importPercent({ stage: 'done', done: 200, total: 200, finished: true })).toBe(100);
  });

  it('gives each import a fresh v4 uuid', () => {
    const a = newImportId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newImportId()).not.toBe(a);
  });
});
