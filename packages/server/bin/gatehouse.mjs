#!/usr/bin/env node
// The operator's command-line tool, `npx gatehouse <command>` (docs/operations.md, "Command-line tool"):
// runs src/cli/main.ts through tsx, as `npm run dev` runs the server.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli/main.ts');
const status = await run(process.argv.slice(2));
// Wait for stdout and stderr to drain, then leave (a pool's idle timers must not hold the process).
process.stdout.write('', () => process.stderr.write('', () => process.exit(status)));
