import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

/** Folders (and files) the business areas stand on: they never reach up into the areas or the demo data. */
const FOUNDATION = ['db', 'crypto', 'devices', 'http', 'sms', 'xlsx', 'faces', 'live', 'metrics', 'config.ts'];
const ABOVE = ['modules', 'demo'];
/** Where the app is put together from its areas (boot.ts, app.ts and main.ts beside them): they may import anything. */
const ROOTS = ['cli', 'test'];

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

  it('knows every folder: foundation, areas, or where the app is put together', () => {
    const folders = fs
      .readdirSync(src, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => ![...FOUNDATION, ...ABOVE, ...ROOTS].includes(f))).toEqual([]);
  });

  it('keeps db/ and the other foundation folders free of imports from modules/ and demo/', () => {
    const offending: string[] = [];
    for (const folder of FOUNDATION) {
      const at = path.join(src, folder);
      for (const file of fs.statSync(at).isDirectory() ? sourcesUnder(at) : [at]) {
        for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
          const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
          if (target && ABOVE.includes(target)) offending.push(`${path.relative(src, file)} -> ${spec}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('has no import loops anywhere in packages/ (static, re-exported and dynamic imports)', () => {
    const root = path.resolve(src, '../..');
    const files = fs
      .readdirSync(root)
      .flatMap((pkg) => (fs.existsSync(path.join(root, pkg, 'src')) ? sourcesUnder(path.join(root, pkg, 'src')) : []));
    const known = new Set(files);
    const edges = new Map<string, string[]>();
    for (const file of files) {
      const targets = importsOf(fs.readFileSync(file, 'utf8'))
        .map((spec) => path.resolve(path.dirname(file), spec))
        .filter((t) => known.has(t));
      edges.set(file, targets);
    }
    // Tarjan's strongly connected components: any of more than one file is a loop.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const loops: string[][] = [];
    let next = 0;
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next);
      next += 1;
      stack.push(v);
      onStack.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
      if (low.get(v) === index.get(v)) {
        const part: string[] = [];
        let w: string | undefined;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          part.push(path.relative(root, w));
        } while (w !== v);
        if (part.length > 1) loops.push(part.sort());
      }
    };
    for (const f of files) if (!index.has(f)) visit(f);
    expect(files.length).toBeGreaterThan(500);
    expect(loops).toEqual([]);
  });
});
