import { LANGS } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { flatCatalogue } from './catalogues.ts';

describe('the per-language texts the build makes (build/catalogues.ts)', () => {
  it('every language has every key, each a text', () => {
    const [first, ...rest] = LANGS.map((lang) => flatCatalogue(lang));
    const keys = Object.keys(first ?? {}).sort();
    expect(keys.length).toBeGreaterThan(500);
    for (const texts of [first, ...rest]) {
      expect(Object.keys(texts ?? {}).sort()).toEqual(keys);
      expect(Object.values(texts ?? {}).every((v) => typeof v === 'string')).toBe(true);
    }
  });
});
