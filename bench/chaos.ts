import { describeChaos, runChaos } from '../packages/server/src/test/chaos.ts';

/**
 * The chaos soak (issue 38 item 2, `npm run bench -- chaos`; PostgreSQL, Mosquitto and socat needed:
 * DATABASE_URL set): CHAOS_INSTANCES instances (default 3), CHAOS_UNITS units (120) under continuous
 * changes and events, CHAOS_FAULTS faults (16: instances SIGKILLed and started again, the broker
 * stopped and started, the database unreachable, a unit's network lost) in a random order from
 * CHAOS_SEED, with the default lease (60 s). Reports each fault, recovery p50/max and each invariant;
 * the short version with fixed seed runs in `npm test` (devices/chaos.test.ts).
 */
export async function chaosBench() {
  if (!process.env.DATABASE_URL) return { name: 'chaos soak', skipped: 'needs DATABASE_URL (PostgreSQL)' };
  const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
  const report = await runChaos({
    seed,
    instances: Number(process.env.CHAOS_INSTANCES ?? 3),
    units: Number(process.env.CHAOS_UNITS ?? 120),
    leaseMs: Number(process.env.COMMAND_ACK_TIMEOUT_MS ?? 60_000),
    redeliverMs: 5000,
    faults: Number(process.env.CHAOS_FAULTS ?? 16),
    holdMs: [2000, 15_000],
    gapMs: [2000, 10_000],
    changeEveryMs: 100,
    eventEveryMs: 2000,
    log: (line) => console.log(line),
  });
  const lines = describeChaos(report);
  console.log(lines.join('\n'));
  const invariantsHold =
    report.commands.unsettled === 0 &&
    report.commands.failed === 0 &&
    report.credentials.mismatched.length === 0 &&
    report.events.lost === 0 &&
    report.events.storedTwice === 0 &&
    report.http.badOutsideFaults === 0 &&
    report.faults.every((f) => f.recoveredMs !== null);
  return { name: 'chaos soak', seed, invariantsHold, summary: lines, report };
}
