import { parseArgs } from 'node:util';
import { startZkEmulator } from './emulator.ts';

/**
 * `npm run sim:zk -- --server http://127.0.0.1:3000 --serial ZK0001 [--count 1] [--poll-ms 2000]
 * [--activity-ms 30000] [--time-zone Asia/Shanghai]`: ZKTeco PUSH terminals for the demo
 * (serials `<serial>`, `<serial>-2`, … must be in the device pool with kind zk-push).
 */
const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://127.0.0.1:3000' },
    serial: { type: 'string', default: 'ZK0001' },
    count: { type: 'string', default: '1' },
    'poll-ms': { type: 'string', default: '2000' },
    'activity-ms': { type: 'string', default: '0' },
    'time-zone': { type: 'string', default: 'UTC' },
  },
});
const count = Math.max(1, Number(values.count));
const terminals = await Promise.all(
  Array.from({ length: count }, (_, i) =>
    startZkEmulator({
      server: values.server,
      serial: i === 0 ? values.serial : `${values.serial}-${i + 1}`,
      pollMs: Number(values['poll-ms']),
      activityMs: Number(values['activity-ms']) || undefined,
      timeZone: values['time-zone'],
    }),
  ),
);
console.log(`${terminals.length} ZKTeco PUSH terminal(s) polling ${values.server}`);
const stop = async () => {
  await Promise.all(terminals.map((t) => t.close()));
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
