import { type Catalogue, LANGS } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { flatCatalogue, SERVER_ONLY } from './catalogues.ts';

/** The UI texts as they are on disk (i18n/*.json); contracts' messages/catalogues.test.ts checks their three languages. */
const JSON_CATALOGUES = import.meta.glob<Catalogue>('./*.json', { eager: true, import: 'default' });

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

  it('carry every text of every i18n/*.json (each file is registered in catalogues.ts)', () => {
    expect(Object.keys(JSON_CATALOGUES).length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const lang of LANGS) {
      const texts = flatCatalogue(lang);
      for (const [file, cat] of Object.entries(JSON_CATALOGUES))
        for (const [key, t] of Object.entries(cat)) if (texts[key] !== t[lang]) missing.push(`${file}: ${key} (${lang})`);
    }
    expect(missing).toEqual([]);
  });
});

describe('server-only messages', () => {
  const SOURCES = import.meta.glob<string>('../**/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' });

  it('are left out of the browser texts, and no web code names one', () => {
    const texts = flatCatalogue('en');
    expect(Object.keys(texts).filter((k) => SERVER_ONLY.some((p) => k.startsWith(p)))).toEqual([]);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(150);
    const named: string[] = [];
    for (const [file, code] of Object.entries(SOURCES)) {
      if (file.endsWith('.test.ts') || file.endsWith('i18n/catalogues.ts')) continue;
      for (const m of code.matchAll(/['"`]((?:op|col|sheet|sms)\.[A-Za-z$]+)/g)) named.push(`${file}: ${m[1]}`);
    }
    expect(named).toEqual([]);
  });
});
