import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from './define.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const webI18n = path.resolve(here, '../../../web/src/i18n');

/** Every catalogue object exported by the message files of contracts and the web's UI texts. */
async function catalogues(): Promise<{ file: string; name: string; cat: Catalogue }[]> {
  const files = [
    ...fs
      .readdirSync(here)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['index.ts', 'define.ts'].includes(f))
      .map((f) => path.join(here, f)),
    ...fs
      .readdirSync(webI18n)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
      .map((f) => path.join(webI18n, f)),
  ];
  const out: { file: string; name: string; cat: Catalogue }[] = [];
  for (const file of files) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (value && typeof value === 'object' && !Array.isArray(value))
        out.push({ file: path.basename(file), name, cat: value as Catalogue });
    }
  }
  return out;
}

describe('message catalogues', () => {
  it('give every key a non-empty text in zh-CN, zh-TW and en', async () => {
    const missing: string[] = [];
    for (const { file, cat } of await catalogues()) {
      for (const [key, t] of Object.entries(cat)) {
        for (const lang of ['zh-CN', 'zh-TW', 'en'] as const) if (!t?.[lang]?.trim()) missing.push(`${file}: ${key} (${lang})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('never define one key twice with different texts (a later file would silently win)', async () => {
    const seen = new Map<string, { file: string; text: string }>();
    const clashes: string[] = [];
    for (const { file, cat } of await catalogues()) {
      for (const [key, t] of Object.entries(cat)) {
        const text = JSON.stringify(t);
        const prev = seen.get(key);
        if (prev && prev.text !== text) clashes.push(`${key}: ${prev.file} / ${file}`);
        seen.set(key, { file, text });
      }
    }
    expect(clashes).toEqual([]);
  });
});
