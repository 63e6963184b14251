import { defineConfig } from '@playwright/test';

// One port pair per run, shared by the main process and its workers through the environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_CONTROL_PORT ??= String(Number(process.env.E2E_PORT) + 1);
const port = Number(process.env.E2E_PORT);
// The broker the test server uses: MQTT_URL (e.g. CI's Mosquitto) or its embedded one; simulated units join it.
process.env.E2E_MQTT_URL ??= process.env.MQTT_URL || `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? port + 2}`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  // Generous waits: CI shares 2 cores between the server, the database and the browser; a passing run waits no longer.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // One browser at a time. On 2 cores two workers took 32 min where one takes 10: two Chromiums
  // and the demo servers beside them starved each other (a11y's walk 7.7 min a language against
  // 1.2, the face test over 3 min against 23 s), and the slowest tests ran into their time-outs.
  workers: 1,
  retries: 0,
  // Steps (test.step) printed too: a long test that fails on CI names the phase it was in.
  reporter: [['list', { printSteps: true }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    viewport: { width: 1366, height: 860 },
    // The app turns antd's animations off for "reduce motion" (app/App.tsx): no click lands on a dialog still zooming in.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx support/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, so the server drops its database and data directory (support/server.ts) before it is killed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
