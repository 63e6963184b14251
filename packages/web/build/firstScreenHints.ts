import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** `page('/path', 'module.call', () => import('../features/x/Page.tsx'))` in app/pages.ts. */
const PAGE = /page\(\s*'([^']+)',\s*'[^']+',\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/**
 * A `<link rel="modulepreload">` for each chunk of the first screen, asked for by index.html
 * itself, beside the entry, instead of after the entry has come in and run (on a slow link, one
 * phase of round trips less). What the first screen is depends on the page opened and on a
 * session being kept, which only the browser knows: the build writes, into index.html, the
 * signed-in shell's chunks and each page's (the closure of their static imports, without what
 * index.html already loads) into a small script, `assets/first-screen-<hash>.js` (hashed: cached
 * for good), which index.html loads `async` (the page's content security policy allows no inline
 * script) and which adds the links for the page opened when a session is kept (`gh_session`,
 * session/store.ts). A path with parameters is matched as a pattern. Nothing is rewritten: the
 * same chunks load either way, only sooner.
 */
export function firstScreenHints(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'gatehouse-first-screen-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        // FIRST_SCREEN_HINTS=off builds without them (the bench's before-and-after, docs/performance.md)
        if (!bundle || process.env.FIRST_SCREEN_HINTS === 'off') return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [path.normalize(c.facadeModuleId as string), c]));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        // what index.html loads already: the entry and its static imports
        const loaded = new Set<string>();
        const closure = (c: OutputChunk | undefined, into: Set<string>) => {
          if (!c || into.has(c.fileName)) return;
          into.add(c.fileName);
          for (const f of c.imports) closure(byFile.get(f), into);
        };
        closure(entry, loaded);
        const filesOf = (module: string) => {
          const set = new Set<string>();
          closure(byModule.get(path.normalize(module)), set);
          return [...set].filter((f) => !loaded.has(f));
        };
        const app = path.join(root, 'src/app');
        const shell = filesOf(path.join(app, 'SignedInShell.tsx'));
        if (!shell.length) throw new Error('first-screen hints: the signed-in shell has no chunk of its own');
        const source = fs.readFileSync(path.join(app, 'pages.ts'), 'utf8');
        const files: string[] = [];
        const index = (f: string) => {
          const i = files.indexOf(f);
          return i >= 0 ? i : files.push(f) - 1;
        };
        const shellIdx = shell.map(index);
        const pages: [string, number[]][] = [];
        for (const m of source.matchAll(PAGE)) {
          const [, route, module] = m as unknown as [string, string, string];
          const own = filesOf(path.resolve(app, module)).filter((f) => !shell.includes(f));
          if (!own.length) throw new Error(`first-screen hints: no chunk for ${module}`);
          pages.push([`^${route.replace(/:[^/]+/g, '[^/]+')}$`, own.map(index)]);
        }
        const data = JSON.stringify({ files, shell: shellIdx, pages });
        const script = `(function(d){try{if(!localStorage.getItem('gh_session'))return;var p=location.pathname,l=d.shell.slice();for(var i=0;i<d.pages.length;i++)if(new RegExp(d.pages[i][0]).test(p)){l=l.concat(d.pages[i][1]);break}l.forEach(function(n){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href='/'+d.files[n];document.head.appendChild(e)})}catch(e){}})(${data})`;
        const name = `assets/first-screen-${crypto.createHash('sha256').update(script).digest('base64url').slice(0, 10)}.js`;
        fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
        fs.writeFileSync(path.join(outDir, name), `${script}\n`);
        return { html, tags: [{ tag: 'script', attrs: { async: true, src: `/${name}` }, injectTo: 'head-prepend' }] };
      },
    },
  };
}
