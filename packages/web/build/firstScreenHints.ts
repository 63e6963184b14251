import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { type Plugin, runnerImport } from 'vite';

/** The public screens' modules (app/preload.ts), by path. */
const PUBLIC: Record<string, string> = {
  '/login': 'src/features/session/LoginPage.tsx',
  '/active': 'src/features/session/LoginPage.tsx',
  '/forgetpwd': 'src/features/session/ForgetPwdPage.tsx',
  '/404': 'src/app/ErrorPages.tsx',
};
const LOGIN = 'src/features/session/LoginPage.tsx';
const SHELL = 'src/app/SignedInShell.tsx';
const PAGES = 'src/app/pages.ts';
/** The list pages' declared first requests, by path. */
const FIRST_REQUESTS = 'src/api/firstRequests.ts';
/** The stored language code (session/store.ts `gh_lang`) → the catalogue module of its language. */
const LANG_CODES: Record<string, string> = { china1: 'zh-CN', china2: 'zh-TW', english: 'en' };
const CATALOGUE = '\0virtual:gatehouse-catalogue/';

/**
 * A small script at the top of index.html (`assets/first-screen-<hash>.js`, async: the page's
 * policy allows no inline script) that asks for the first screen's chunks at once
 * (`<link rel="modulepreload">`), beside the entry and React DOM, instead of after they have
 * downloaded and run: the screen of the address opened (a public screen, or the shell and the
 * page when a session is stored, the user's first page at /) and the texts of the language in use,
 * each with every chunk it imports, and the list's first page of the screen, declared by its page
 * (api/firstRequests.ts, read here) or noted by its list (`askEarly` of api/early.ts, which takes
 * this answer only for the same request, session token and language). It guesses as `preloadFirstScreen` (app/preload.ts)
 * decides, from the same stored session and language; a wrong guess costs only a download. When
 * the entry has started first (`__ghStarted`), it does nothing. The pages and
 * their paths are read from app/pages.ts (the build fails if one is not understood).
 */
export function firstScreenHints(): Plugin {
  let root = '';
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'gatehouse-first-screen-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        if (!ctx.bundle) return;
        const opts = { configFile: false as const, root, logLevel: 'error' as const };
        const first = (await runnerImport<{ FIRST_REQUESTS: Record<string, string> }>(path.join(root, FIRST_REQUESTS), opts)).module;
        const source = hintScript(root, ctx.bundle, first.FIRST_REQUESTS);
        script = { fileName: `assets/first-screen-${createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`, source };
        return [{ tag: 'script', attrs: { async: true, src: `/${script.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
    // after the page is written (its transforms run in the build's own generateBundle)
    generateBundle: {
      order: 'post',
      handler() {
        if (!script) throw new Error('first-screen hints: index.html was not transformed');
        this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
      },
    },
  };
}

function hintScript(root: string, bundle: OutputBundle, first: Record<string, string>): string {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId as string, c]));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('first-screen hints: no entry chunk');
  const loaded = closure([entry.fileName], byFile);
  const files: string[] = [];
  /** The chunks a module brings that index.html does not load already, as indexes into `files`. */
  const of = (module: string): number[] => {
    const id = module.startsWith('\0') ? module : path.join(root, module);
    // a module of a chunk group (vite.config.ts) is in that chunk, not one of its own
    const chunk = byModule.get(id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`first-screen hints: no chunk for ${module}`);
    return [...closure([chunk.fileName], byFile)]
      .filter((f) => !loaded.has(f))
      .map((f) => {
        const i = files.indexOf(f);
        return i >= 0 ? i : files.push(f) - 1;
      });
  };
  const pages = readPages(root).map(([pattern, module]) => [patternSource(pattern), of(module)] as const);
  const table = {
    files,
    shell: of(SHELL),
    login: of(LOGIN),
    public: Object.fromEntries(Object.entries(PUBLIC).map(([p, m]) => [p, of(m)])),
    pages,
    langs: Object.fromEntries(Object.entries(LANG_CODES).map(([code, lang]) => [code, of(`${CATALOGUE}${lang}`)])),
    first,
  };
  return `(${HINT})(${JSON.stringify(table)});\n`;
}

/** A chunk and every chunk it imports statically. */
function closure(roots: string[], byFile: Map<string, OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const f = pending.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    pending.push(...(byFile.get(f)?.imports ?? []));
  }
  return seen;
}

/** `page('/path', 'route', () => import('../features/x/XPage.tsx'))` entries of app/pages.ts: [path, module]. */
function readPages(root: string): [string, string][] {
  const source = fs.readFileSync(path.join(root, PAGES), 'utf8');
  const found = [...source.matchAll(/\bpage\(\s*'([^']+)',\s*'[^']+',\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map(
    (m) => [m[1], path.relative(root, path.resolve(path.dirname(path.join(root, PAGES)), m[2] as string))] as [string, string],
  );
  const calls = source.match(/\bpage\(\s*'/g)?.length ?? 0;
  if (found.length !== calls || calls === 0) throw new Error(`first-screen hints: read ${found.length} of the ${calls} pages of ${PAGES}`);
  return found;
}

/** A route pattern (`/project/address/:communityId`) as a case-insensitive expression's source. */
const patternSource = (pattern: string): string => `^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`;

/**
 * Runs in index.html before the entry: a string, for it is written into the page as it is. Any
 * failure (no localStorage, a stored session that does not read) leaves the app to load as usual.
 */
const HINT = `function (t) {
  if (window.__ghStarted) return;
  try {
    var p = location.pathname, s = null, hint = [], code = localStorage.getItem('gh_lang');
    try { s = JSON.parse(localStorage.getItem('gh_session') || 'null'); } catch (e) {}
    var pub = t.public[p.toLowerCase()];
    if (pub) hint = pub;
    else if (!s) hint = t.login;
    else {
      if (p === '/' && s.defaultPath) p = s.defaultPath;
      early(p, s.token);
      hint = t.shell.slice();
      for (var i = 0; i < t.pages.length; i++)
        if (new RegExp(t.pages[i][0], 'i').test(p)) { hint = hint.concat(t.pages[i][1]); break; }
    }
    hint = hint.concat(t.langs[code] || t.langs.china1);
    var seen = {};
    for (var j = 0; j < hint.length; j++) {
      if (seen[hint[j]]) continue;
      seen[hint[j]] = 1;
      var l = document.createElement('link');
      l.rel = 'modulepreload';
      l.crossOrigin = '';
      l.href = '/' + t.files[hint[j]];
      document.head.appendChild(l);
    }
  } catch (e) {}
  // The list's first page for this screen (api/early.ts: the page's declared one, else the one its
  // list noted), sent now with the stored session; the entry takes it only for that same session.
  function early(screen, token) {
    var r = Object.prototype.hasOwnProperty.call(t.first, screen) ? t.first[screen] : null;
    if (!r) {
      var noted = JSON.parse(localStorage.getItem('gh_first_requests') || '[]');
      for (var k = 0; k < noted.length; k++) if (noted[k] && noted[k][0] === screen) r = noted[k][1];
    }
    if (!r || !token || typeof r !== 'string' || typeof token !== 'string') return;
    var url = '/api' + r + (r.slice(-1) === '?' ? '' : '&') + '_t=' + Date.now();
    var lang = code === 'china2' || code === 'english' ? code : 'china1';
    var answer = fetch(url, { headers: { 'x-lang': lang, token: token }, credentials: 'same-origin' });
    answer['catch'](function () {});
    window.__ghEarly = { request: r, token: token, lang: lang, screen: screen, answer: answer };
  }
}`;
