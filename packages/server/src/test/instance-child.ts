/**
 * One server instance in a child process (devices/instances.test.ts, crash.test.ts, test/chaos.ts):
 * boots from the environment (DATABASE_URL, MQTT_URL, INSTANCE_ID, ...), serves HTTP when
 * INSTANCE_HTTP_PORT is set, then queues card puts or deletes when the parent asks over IPC. The
 * parent can SIGKILL it: a real crash, its database connections and MQTT socket drop with it.
 */
import { CMD_KIND } from '@gatehouse/contracts';
import { buildApp } from '../app.ts';
import { boot } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { withCommands } from '../devices/commands.ts';
import { command } from '../devices/new-command.ts';

interface Issue {
  id: number;
  addressIds: number[];
  cards: string[];
  remove?: boolean;
}

const booted = await boot(loadConfig(), { inMemoryDb: true, mqtt: true, sweepMs: Number(process.env.SWEEP_MS ?? 10_000) });
const httpPort = Number(process.env.INSTANCE_HTTP_PORT ?? 0);
const app = httpPort ? await buildApp(booted.services) : null;
if (app) await app.listen({ port: httpPort, host: '127.0.0.1' });
process.on('message', (m: Issue) => {
  withCommands(booted.services, (_trx, q) =>
    q.add(
      m.addressIds,
      m.cards.map((c) =>
        m.remove
          ? command(CMD_KIND.cardDelete, { cardId: c }, { objectKey: `card:${c}` })
          : command(CMD_KIND.cardPut, { cardId: c, account: '13900000001' }, { objectKey: `card:${c}` }),
      ),
    ),
  ).then(
    (n) => process.send?.({ id: m.id, n }),
    (e: unknown) => process.send?.({ id: m.id, error: String(e) }),
  );
});
process.on('SIGTERM', () => {
  Promise.resolve(app?.close())
    .then(() => booted.shutdown())
    .finally(() => process.exit(0));
});
process.send?.({ ready: true });
