import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { catalogues } from './build/catalogues.ts';
import { firstScreenHints } from './build/firstScreenHints.ts';
import { precompress } from './build/precompress.ts';
import { routeTable } from './build/routeTable.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

// Each of the groups below takes modules that were many chunks of 0.1–2 kB each (a round trip each on
// a slow link: the browser has 6 connections to an HTTP/1.1 server), imported by the shell and the
// list screens; followed through none of their imports (`includeDependenciesRecursively: false`), so a
// group brings no other code with it. docs/performance.md, "First screen".
// The contracts the browser loads (route tables, value sets; not the zod schemas, loaded with forms).
const CONTRACTS = (id: string) => /[\\/]contracts[\\/]src[\\/]/.test(id) && !/[\\/]schemas[\\/]/.test(id);
// The list frame: the modules every list screen draws with. None is on the sign-in page.
const LIST_FRAME =
  /[\\/]src[\\/]shared[\\/](ListPage|FilterBar|dates|BatchDeleteButton|DateFilter|PhoneRows|RowActions|ConfirmButton|buttons|columns|valueEnum|statuses|addOrEdit|useListReload|useTableHeight|usePhone|useApp|useRemove|scrollRegion|liveRows|live)\.tsx?$/;

const api = process.env.GATEHOUSE_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), catalogues(), routeTable(), firstScreenHints(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { port: 5173, proxy: { '/api': api } },
  // Chunks follow the routes: each page brings the antd components it uses (no single antd chunk).
  // The third-party code the entry imports (React DOM, the router, antd's core) is one chunk: a
  // dozen small ones each cost a round trip on a slow link. The icons two or more chunks use are one.
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'ListPage', test: LIST_FRAME, includeDependenciesRecursively: false, priority: 2 },
            { name: 'contracts', test: CONTRACTS, includeDependenciesRecursively: false, priority: 2 },
            {
              name: 'icons',
              test: /[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
