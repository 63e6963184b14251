import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));
const modules = path.join(src, 'modules');

/** An import of vendor code (devices/vendors/*), static, re-exported or dynamic. */
const VENDOR_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"][^'"]*devices\/vendors\b[^'"]*['"]/;
/** A vendor's protocol or name (case-insensitive). */
const VENDOR_WORD = /isapi|iclock|hikvision|zkteco/i;

/** What is wrong with a file under modules/ (none: ''). Tests may name the unit kinds they drive, never import vendor code. */
export function vendorLeak(file: string, text: string): string {
  if (VENDOR_IMPORT.test(text)) return `${file} imports devices/vendors`;
  if (!/\.test\.tsx?$/.test(file) && VENDOR_WORD.test(text)) return `${file} names a vendor (${VENDOR_WORD.exec(text)?.[0]})`;
  return '';
}

/**
 * Issue 33: adding a vendor of door unit touches no module under modules/. Vendor code lives in
 * devices/vendors/<vendor>/ behind the adapter contract (devices/adapters/contract.ts); the areas
 * queue typed commands and ask `isAddressedKind` (contracts), never a vendor.
 */
describe('vendor code stays out of modules/', () => {
  it('catches an import of a vendor and a vendor named in a module', () => {
    expect(vendorLeak('a.ts', `import { x } from '../../devices/vendors/hik/adapter.ts';`)).toMatch(/imports/);
    expect(vendorLeak('a.ts', `const m = await import("../devices/vendors/zk/index.ts");`)).toMatch(/imports/);
    expect(vendorLeak('a.ts', `// the ISAPI path`)).toMatch(/names a vendor/);
    expect(vendorLeak('a.ts', `const url = '/iClock/cdata';`)).toMatch(/names a vendor/);
    expect(vendorLeak('a.ts', `const brand = 'HikVision'`)).toMatch(/names a vendor/);
    expect(vendorLeak('a.ts', `const brand = 'ZKTeco'`)).toMatch(/names a vendor/);
    expect(vendorLeak('a.ts', `import { isAddressedKind } from '@gatehouse/contracts';`)).toBe('');
  });

  it('finds none in modules/', () => {
    const files = fs
      .readdirSync(modules, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(tsx?|json)$/.test(e.name));
    expect(files.length).toBeGreaterThan(20);
    const leaks = files
      .map((e) => path.join(e.parentPath, e.name))
      .map((f) => vendorLeak(path.relative(src, f), fs.readFileSync(f, 'utf8')))
      .filter(Boolean);
    expect(leaks).toEqual([]);
  });
});
