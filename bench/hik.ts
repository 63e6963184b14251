import { cardFigures, startFleet } from './unit-fleet.ts';

/**
 * Issue 33's figure for Hikvision: a card issued to N emulated terminals (ISAPI over HTTP, digest
 * authentication) → all acked, against the same through N simulated MQTT units, in the same run of
 * the real server (boot(), the registry's hik-isapi adapter, the dispatcher). HIK_BENCH_UNITS,
 * HIK_BENCH_ROUNDS scale it; with DATABASE_URL set it runs on PGlite and on PostgreSQL.
 */
export async function hikBench(units = Number(process.env.HIK_BENCH_UNITS ?? 100), rounds = Number(process.env.HIK_BENCH_ROUNDS ?? 5)) {
  const runs = [];
  for (const databaseUrl of [undefined, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])]) {
    const fleet = await startFleet({ mqtt: units, hik: units, zk: 0, zkDelaySec: 1, databaseUrl });
    try {
      const figures = await cardFigures(fleet, 'hik', rounds);
      const cards = fleet.hikEmus.reduce((n, e) => n + e.state.cards.size, 0);
      runs.push({ db: databaseUrl ? 'postgres' : 'pglite', ...figures, cardsOnTerminals: cards });
    } finally {
      await fleet.close();
    }
  }
  return { name: 'hik-isapi: a card issued to every terminal → all acked, against MQTT units', runs };
}
