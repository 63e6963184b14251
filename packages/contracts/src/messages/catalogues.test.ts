import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_READER_MESSAGES } from '../card-reader.ts';
import { LANGS } from '../envelope.ts';
import { type Catalogue, defineMessages } from './define.ts';
import { MESSAGES } from './index.ts';
import type { roleMessages } from './roles.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const webI18n = path.resolve(here, '../../../web/src/i18n');

/** The JSON catalogues of a folder, as they are on disk. */
const jsonCatalogues = (dir: string, label: string): { file: string; cat: Catalogue }[] =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: `${label}/${f}`, cat: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Catalogue }));

/** Every catalogue: the server messages (messages/*.json), the web's UI texts (i18n/*.json) and the card reader helper's (TS). */
const catalogues = (): { file: string; cat: Catalogue }[] => [
  ...jsonCatalogues(here, 'messages'),
  ...jsonCatalogues(webI18n, 'i18n'),
  { file: 'card-reader.ts', cat: CARD_READER_MESSAGES },
];

describe('message catalogues', () => {
  it('are read from the JSON files of both folders', () => {
    expect(jsonCatalogues(here, 'messages').length).toBeGreaterThan(20);
    expect(jsonCatalogues(webI18n, 'i18n').length).toBeGreaterThan(20);
  });

  it('give every key a non-empty text in zh-CN, zh-TW and en, and no other language', () => {
    const wrong: string[] = [];
    for (const { file, cat } of catalogues()) {
      for (const [key, t] of Object.entries(cat)) {
        for (const lang of LANGS) if (typeof t?.[lang] !== 'string' || !t[lang].trim()) wrong.push(`${file}: ${key} (${lang})`);
        for (const other of Object.keys(t ?? {}))
          if (!(LANGS as readonly string[]).includes(other)) wrong.push(`${file}: ${key} (${other}?)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never define one key twice with different texts (a later file would silently win)', () => {
    const seen = new Map<string, { file: string; text: string }>();
    const clashes: string[] = [];
    for (const { file, cat } of catalogues()) {
      for (const [key, t] of Object.entries(cat)) {
        const text = JSON.stringify(t);
        const prev = seen.get(key);
        if (prev && prev.text !== text) clashes.push(`${key}: ${prev.file} / ${file}`);
        seen.set(key, { file, text });
      }
    }
    expect(clashes).toEqual([]);
  });

  it('register every messages/*.json in MESSAGES (through its module and index.ts)', () => {
    const missing: string[] = [];
    for (const { file, cat } of jsonCatalogues(here, 'messages'))
      for (const [key, t] of Object.entries(cat)) if (JSON.stringify(MESSAGES[key]) !== JSON.stringify(t)) missing.push(`${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('keep their keys and languages typed (npm run typecheck checks the lines below)', () => {
    const known: keyof typeof roleMessages = 'role.0';
    // @ts-expect-error a misspelt key is not a key of the catalogue
    const misspelt: keyof typeof roleMessages = 'role.O';
    // @ts-expect-error an entry without its three languages is refused (as a JSON entry would be)
    const partial = defineMessages({ 'x.partial': { 'zh-CN': '只有中文' } });
    expect([known, misspelt, Object.keys(partial)]).toEqual(['role.0', 'role.O', ['x.partial']]);
  });
});
