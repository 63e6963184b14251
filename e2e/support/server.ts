/**
 * The server the browser tests run against: the real app (built web, API,
 * database, embedded MQTT broker) on E2E_PORT, with the captcha off and no demo
 * data, plus a control port (E2E_CONTROL_PORT, loopback only) through which tests
 * seed their own data and read the SMS outbox. The control port is test harness,
 * not product: it is never started by `npm start`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.ts';
import { boot } from '../../packages/server/src/boot.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { warmUp } from '../../packages/server/src/faces/detector.ts';
import { freshPostgres } from '../../packages/server/src/test/harness.ts';
import { handleControl } from './control.ts';

const port = Number(process.env.E2E_PORT);
const controlPort = Number(process.env.E2E_CONTROL_PORT);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-e2e-'));

/** With DATABASE_URL, a database of this run's own on that server, dropped when the server stops. */
const database = process.env.DATABASE_URL ? await freshPostgres() : null;

const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  CAPTCHA: 'off',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  // Webhook receivers of the browser tests listen on loopback.
  WEBHOOK_ALLOW_PRIVATE: '1',
  // A big access group's members are sent when a test asks (control /runFanOuts), so the progress can be seen.
  GROUP_FANOUT_POLL_MS: '0',
  MQTT_PORT: String(Number(process.env.E2E_MQTT_PORT ?? port + 2)),
  DATABASE_URL: database?.url ?? '',
});
const booted = await boot(config);
const app = await buildApp(booted.services);
await app.listen({ port, host: '127.0.0.1' });
http
  .createServer((req, res) => {
    handleControl(booted.services, req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(e) }));
    });
  })
  .listen(controlPort, '127.0.0.1');
console.log(`e2e server on ${port}, control on ${controlPort}, data in ${dataDir}`);

const stop = async () => {
  await app.close();
  await booted.shutdown();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// As npm start does: load the face model now, not on the first photo check.
warmUp().catch((e) => console.warn(`face detector not loaded: ${e instanceof Error ? e.message : e}`));
