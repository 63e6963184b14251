import { boot } from './boot.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemo } from './demo/data.ts';
import { startDemoDevices } from './demo/devices.ts';
import { ensureAdmin } from './modules/account/insert.ts';
import { startFaceDetector } from './faces/detector.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  if (config.CAPTCHA === 'off') console.warn('WARNING: CAPTCHA=off, the sign-in captcha is not checked (tests and development only).');
  const booted = await boot(config);
  const { db } = booted.services;
  const admin = await ensureAdmin(db, config.ADMIN_PHONE, config.ADMIN_PASSWORD);
  const demo = config.DEMO ? await seedDemo(db, config.dataDir) : [];
  const stopDemoDevices = config.DEMO ? await startDemoDevices(booted.services, { bindNew: demo.length > 0 }) : async () => {};
  const app = await buildApp(booted.services);
  const stop = async () => {
    await stopDemoDevices();
    await app.close();
    await booted.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await app.listen({ port: config.PORT, host: config.HOST });
  // The face detector's models: now with FACE_DETECTOR_WARMUP, else on the first face check.
  startFaceDetector(config).catch((e) => console.warn(`face detector not loaded: ${e instanceof Error ? e.message : e}`));

  const url = `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `Gatehouse is running at ${url}`,
    `  database: ${booted.dbHandle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pg`}`,
    `  MQTT:     ${booted.services.devices.mode} ${booted.services.devices.url ?? ''}`,
    `  SMS:      codes are written to ${config.dataDir}/sms-outbox.log`,
    '',
    `Sign in as the system administrator: account ${admin.phone}, role "System administrator"${admin.password ? `, password ${admin.password}` : ' (password as set on first start)'}`,
    '  administrators confirm with an SMS code: click "Send code", then read it from the SMS outbox above.',
  ];
  if (demo.length) {
    lines.push('', 'Demo accounts (password Demo1234):');
    for (const a of demo) lines.push(`  ${a.regNo}  role ${a.roleId}  ${a.name}`);
  }
  console.log(lines.join('\n'));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
