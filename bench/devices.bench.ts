/** Runs the device benchmarks alone: `npx tsx bench/devices.bench.ts` (also part of `npm run bench`). */
import { devicesBench } from './devices.ts';

console.log(JSON.stringify(await devicesBench(), null, 2));
process.exit(0);
