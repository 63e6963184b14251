#!/usr/bin/env node
/**
 * Builds the server for `npm start`: packages/server/src/main.ts bundled into
 * packages/server/dist/main.mjs (scripts/bundle-node.mjs), and beside it the worker thread
 * a large export's sheet is built on (src/xlsx/sheet-worker.ts → dist/sheet-worker.mjs, loaded by
 * `OffThreadSheet`). The server then runs on plain Node, without tsx compiling TypeScript in its
 * process: about 100 MB less held at rest (docs/performance.md, "Imports"). `npm run dev` and the
 * tests run the sources through tsx.
 */
import path from 'node:path';
import { bundleForNode } from './bundle-node.mjs';

const server = path.resolve(import.meta.dirname, '../packages/server');
await bundleForNode(path.join(server, 'src/main.ts'), path.join(server, 'dist/main.mjs'));
await bundleForNode(path.join(server, 'src/xlsx/sheet-worker.ts'), path.join(server, 'dist/sheet-worker.mjs'));
