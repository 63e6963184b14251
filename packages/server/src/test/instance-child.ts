/**
 * One server instance in a child process (devices/instances.test.ts): boots from the
 * environment (DATABASE_URL, MQTT_URL, INSTANCE_ID, ...), then queues commands when
 * the parent asks over IPC. The parent can SIGKILL it: a real crash, its database
 * connections and MQTT socket drop with it.
 */
import { CMD_KIND } from '@gatehouse/contracts';
import { boot } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { withCommands } from '../devices/commands.ts';
import { command } from '../devices/new-command.ts';

interface Issue {
  id: number;
  addressIds: number[];
  cards: string[];
}

const booted = await boot(loadConfig(), { inMemoryDb: true, mqtt: true, sweepMs: Number(process.env.SWEEP_MS ?? 10_000) });
process.on('message', (m: Issue) => {
  withCommands(booted.services, (_trx, q) =>
    q.add(
      m.addressIds,
      m.cards.map((c) => command(CMD_KIND.cardPut, { cardId: c, account: '13900000001' }, { objectKey: `card:${c}` })),
    ),
  ).then(
    (n) => process.send?.({ id: m.id, n }),
    (e: unknown) => process.send?.({ id: m.id, error: String(e) }),
  );
});
process.on('SIGTERM', () => {
  booted.shutdown().finally(() => process.exit(0));
});
process.send?.({ ready: true });
