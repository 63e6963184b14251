import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

/** Folders the business areas stand on: they never reach up into the areas or the demo data. */
const FOUNDATION = ['db', 'crypto', 'devices', 'http', 'sms', 'xlsx', 'faces', 'metrics'];
const ABOVE = ['modules', 'demo'];

/** Relative specifiers a source imports (static, re-exports, dynamic). */
function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) out.push(m[1] as string);
  return out;
}

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const full = path.join(e.parentPath, e.name);
    return e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('server layers', () => {
  it('reads static, re-exported and dynamic imports', () => {
    const text = `import { a } from '../modules/x.ts';\nexport * from "./y.ts";\nconst z = await import('../demo/z.ts');\nimport type { T } from 'kysely';`;
    expect(importsOf(text)).toEqual(['../modules/x.ts', './y.ts', '../demo/z.ts']);
  });

  it('keeps db/ and the other foundation folders free of imports from modules/ and demo/', () => {
    const offending: string[] = [];
    for (const folder of FOUNDATION) {
      for (const file of sourcesUnder(path.join(src, folder))) {
        for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
          const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
          if (target && ABOVE.includes(target)) offending.push(`${path.relative(src, file)} -> ${spec}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
