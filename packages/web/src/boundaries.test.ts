import { describe, expect, it } from 'vitest';

/**
 * Shared UI never imports feature code (STYLE "What we take" 9): what both card and
 * face need lives in a feature folder of its own, lookups in api/.
 */
const SHARED = import.meta.glob<string>('./shared/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

/** Feature and app code other than the features' api.ts files (and tests): it reaches the server through those. */
const CALLERS = import.meta.glob<string>(['./features/**/*.{ts,tsx}', './app/**/*.{ts,tsx}', '!**/api.ts', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The server-calling names a file imports from api/client (download of an export file stays with its button). */
function directCalls(text: string): string[] {
  const found = text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"][./]*api\/client(?:\.ts)?['"]/g);
  const names = [...found].flatMap((m) => (m[1] as string).split(',').map((n) => n.trim().replace(/^type\s+/, '')));
  return names.filter((n) => ['call', 'callFull', 'mutate', 'mutation', 'upload'].includes(n));
}

/** The relative specifiers of a file's static and dynamic imports and re-exports. */
function importsOf(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g);
  return [...found].map((m) => m[1] as string);
}

/** A relative specifier resolved against the importing file (both relative to src/). */
function resolve(file: string, spec: string): string {
  const parts = file.replace(/^\.\//, '').split('/').slice(0, -1);
  for (const p of spec.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** The imports of a file (path relative to src/, "./shared/...") that land in features/. */
function featureImports(file: string, text: string): string[] {
  return importsOf(text).filter((spec) => resolve(file, spec).startsWith('features/'));
}

describe('web shared/ boundary', () => {
  it('no file under shared/ imports from features/', () => {
    expect(Object.keys(SHARED).length).toBeGreaterThan(5);
    const offenders = Object.entries(SHARED).flatMap(([f, text]) => featureImports(f, text).map((s) => `${f} -> ${s}`));
    expect(offenders).toEqual([]);
  });

  it('the check sees every import form that would cross', () => {
    const text = [
      "import { a } from '../features/account/api.ts';",
      "import type { B } from '../features/card/B.tsx';",
      "export { c } from '../features/face/c.ts';",
      "const P = lazy(() => import('../features/notice/P.tsx'));",
      "import { ok } from './rules.ts';",
      "import { alsoOk } from '../api/lookups.ts';",
    ].join('\n');
    expect(featureImports('./shared/X.tsx', text)).toEqual([
      '../features/account/api.ts',
      '../features/card/B.tsx',
      '../features/face/c.ts',
      '../features/notice/P.tsx',
    ]);
    expect(featureImports('./shared/sub/Y.tsx', "import { d } from '../../features/x.ts';")).toEqual(['../../features/x.ts']);
    expect(featureImports('./shared/sub/Y.tsx', "import { e } from '../features/x.ts';")).toEqual([]);
  });
});

/** The layers below the app (the API client, shared UI, the session, the texts): app/ hands them what they need at start. */
const BELOW_APP = import.meta.glob<string>(
  ['./api/**/*.{ts,tsx}', './shared/**/*.{ts,tsx}', './session/**/*.{ts,tsx}', './i18n/**/*.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** The imports of a file (path relative to src/) that land in app/. */
const appImports = (file: string, text: string): string[] => importsOf(text).filter((spec) => resolve(file, spec).startsWith('app/'));

describe('web app/ boundary', () => {
  it('no file under api/, shared/, session/ or i18n/ imports from app/ (app/ registers what they need: setNavigate, setNotifier)', () => {
    expect(Object.keys(BELOW_APP).length).toBeGreaterThan(20);
    const offenders = Object.entries(BELOW_APP).flatMap(([f, text]) => appImports(f, text).map((s) => `${f} -> ${s}`));
    expect(offenders).toEqual([]);
  });

  it('the check sees an import into app/ from below', () => {
    expect(appImports('./api/client.ts', "import { navigateTo } from '../app/router-ref.ts';")).toEqual(['../app/router-ref.ts']);
    expect(appImports('./shared/ImportDialog.tsx', "import { navigateTo } from '../api/navigate.ts';")).toEqual([]);
  });
});

describe('web server calls', () => {
  it('no component under features/ or app/ calls the server directly: it uses its api.ts (or api/)', () => {
    expect(Object.keys(CALLERS).length).toBeGreaterThan(20);
    const offenders = Object.entries(CALLERS).flatMap(([f, text]) => directCalls(text).map((n) => `${f}: ${n}`));
    expect(offenders).toEqual([]);
  });

  it('the check sees a direct call however it is imported', () => {
    expect(directCalls("import { call, mutate } from '../../api/client.ts';")).toEqual(['call', 'mutate']);
    expect(directCalls("import {\n  callFull,\n  download,\n} from '../api/client';")).toEqual(['callFull']);
    expect(directCalls("import { download, headers } from '../../api/client.ts';")).toEqual([]);
    expect(directCalls("import { call } from './api.ts';")).toEqual([]);
  });
});

/** Every web source but tests. */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

/** Where a text reads the input schema of a route (`cardRoutes.y.input`, `ROUTES.x.y.input`, `route.input`, `p.route?.input`). */
const inputReads = (text: string): string[] =>
  [...text.matchAll(/(?:ROUTES\.\w+\.\w+|\b\w+Routes\.\w+|\broute\??)\.input\b/g)].map((m) => m[0]);

/** Whether a text imports `name` for its value (not `type name`) from the module `from`. */
const importsValue = (text: string, from: string, name: string): boolean =>
  [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].some(
    (m) => m[2] === from && (m[1] as string).split(',').some((n) => n.trim() === name),
  );

/** Whether a text takes the whole route table (`ROUTES`) from the contracts for its value, not just its type. */
const importsWholeTable = (text: string): boolean => importsValue(text, '@gatehouse/contracts', 'ROUTES');

describe('web route table', () => {
  it("no web code reads a route's input schema: the browser's routes carry `limits` instead (build/routeTable.ts)", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const offenders = Object.entries(SOURCES).flatMap(([f, text]) => inputReads(text).map((r) => `${f}: ${r}`));
    expect(offenders).toEqual([]);
  });

  it('the check sees the ways a route input is read', () => {
    expect(inputReads('bounds={ROUTES.attendance.getPage.input}')).toEqual(['ROUTES.attendance.getPage.input']);
    expect(inputReads('bounds={attendanceRoutes.getPage.input}')).toEqual(['attendanceRoutes.getPage.input']);
    expect(inputReads('p.route?.input ?? route.input.shape')).toEqual(['route?.input', 'route.input']);
    expect(inputReads('inputLimits(p.route); const input = {}')).toEqual([]);
  });

  it("web code takes an area's routes (`cardRoutes`), not the whole table: a screen then carries only the routes it calls", () => {
    const offenders = Object.keys(SOURCES).filter((f) => importsWholeTable(SOURCES[f] as string));
    expect(offenders).toEqual([]);
  });

  it('the check tells the whole table from its type and from an area', () => {
    expect(importsWholeTable("import { ROUTES, LIMITS } from '@gatehouse/contracts';")).toBe(true);
    expect(importsWholeTable("import { type ROUTES, LIMITS } from '@gatehouse/contracts';")).toBe(false);
    expect(importsWholeTable("import { cardRoutes } from '@gatehouse/contracts';")).toBe(false);
  });
});

/** Whether a text imports antd's App component (`import { App } from 'antd'`, among other names). */
const importsAntdApp = (text: string): boolean => importsValue(text, 'antd', 'App');

describe('web antd App', () => {
  it("no web code imports antd's App: the shell's `useApp()` comes from app/ShellApp.tsx, modal and notification load after the first draw", () => {
    const offenders = Object.keys(SOURCES).filter((f) => importsAntdApp(SOURCES[f] as string));
    expect(offenders).toEqual([]);
  });

  it('the check sees App among the names imported from antd', () => {
    expect(importsAntdApp("import { App, Button } from 'antd';")).toBe(true);
    expect(importsAntdApp("import {\n  Button,\n  App,\n} from 'antd';")).toBe(true);
    expect(importsAntdApp("import { Button } from 'antd';\nimport { App } from './app/App.tsx';")).toBe(false);
  });
});

/** The literal max lengths of a text (`maxLength={50}`): an input's limit is the server's (fieldMax, inputLimits, LIMITS). */
const literalMaxLengths = (text: string): string[] => [...text.matchAll(/maxLength=\{\s*\d+\s*\}/g)].map((m) => m[0]);
/** The date formats written out (`'YYYY/MM/DD'`, "YYYY-MM-DD HH:mm:ss"): shared/dates.ts is their one home. */
const dateFormats = (text: string): string[] => [...text.matchAll(/['"`]YYYY[^'"`]*['"`]/g)].map((m) => m[0]);

describe('web facts written once', () => {
  it("no input's maxLength is a literal number: it is read from the server's checks", () => {
    const offenders = Object.entries(SOURCES).flatMap(([f, text]) => literalMaxLengths(text).map((m) => `${f}: ${m}`));
    expect(offenders).toEqual([]);
  });

  it('no date format is written outside shared/dates.ts', () => {
    const offenders = Object.entries(SOURCES)
      .filter(([f]) => f !== './shared/dates.ts')
      .flatMap(([f, text]) => dateFormats(text).map((m) => `${f}: ${m}`));
    expect(offenders).toEqual([]);
  });

  it('the checks see a literal limit and a written format', () => {
    expect(literalMaxLengths('<Input maxLength={20} /> <Input maxLength={fieldMax(s, "a")} />')).toEqual(['maxLength={20}']);
    expect(dateFormats('d.format(\'YYYY/MM/DD\'); const F = "YYYY-MM-DD HH:mm:ss"; format={DAY}')).toEqual([
      "'YYYY/MM/DD'",
      '"YYYY-MM-DD HH:mm:ss"',
    ]);
  });
});
