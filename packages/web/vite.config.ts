import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { catalogues } from './build/catalogues.ts';
import { precompress } from './build/precompress.ts';
import { routeTable } from './build/routeTable.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const api = process.env.GATEHOUSE_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), catalogues(), routeTable(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { port: 5173, proxy: { '/api': api } },
  // Chunks follow the routes: each page brings the antd components it uses (no single antd chunk).
  // The third-party code the entry imports (React DOM, the router, antd's core) is one chunk: a
  // dozen small ones each cost a round trip on a slow link.
  build: {
    outDir: 'dist',
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }] } } },
  },
});
