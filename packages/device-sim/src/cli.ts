import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DEVICE_ALARM_TYPES, type DeviceAlarmType } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from './device.ts';

const HELP = `Simulated door units over MQTT.

  npm run sim -- --count 10 --url mqtt://127.0.0.1:1884 --creds devices.txt

  --url URL            broker (default mqtt://127.0.0.1:1884, the embedded broker)
  --prefix P           topic prefix (default gh)
  --creds FILE         one "serial secret" per line (the secrets shown when binding in the
                       device list); the first --count lines are used
  --serial S --secret X  one unit
  --count N            units (without --creds: serials <serial-prefix>0001..., no secret,
                       for a broker without authentication)
  --serial-prefix P    default SIM
  --failure-rate R     share of commands answered with a failure, 0..1 (default 0)
  --ack-delay MS       delay before each ack (default 0)
  --rate N             events per minute per unit (default 6)
  --duration S         stop after S seconds (default: run until Ctrl-C)
  --alarm TYPE         each unit raises this alarm once online: ${DEVICE_ALARM_TYPES.join(', ')}
`;

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
      prefix: { type: 'string', default: 'gh' },
      creds: { type: 'string' },
      serial: { type: 'string' },
      secret: { type: 'string' },
      count: { type: 'string', default: '1' },
      'serial-prefix': { type: 'string', default: 'SIM' },
      'failure-rate': { type: 'string', default: '0' },
      'ack-delay': { type: 'string', default: '0' },
      rate: { type: 'string', default: '6' },
      duration: { type: 'string' },
      alarm: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const count = Number(values.count);
  const failureRate = Number(values['failure-rate']);
  const ackDelayMs = Number(values['ack-delay']);
  const eventsPerMinute = Number(values.rate);
  const alarm = values.alarm as DeviceAlarmType | undefined;
  const badAlarm = alarm !== undefined && !DEVICE_ALARM_TYPES.includes(alarm);
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    !(failureRate >= 0 && failureRate <= 1) ||
    !(ackDelayMs >= 0) ||
    !(eventsPerMinute >= 0) ||
    badAlarm
  ) {
    console.error('Invalid option; see --help');
    process.exit(1);
  }
  let units: { serial: string; secret?: string }[];
  if (values.creds) {
    units = fs
      .readFileSync(values.creds, 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/[\s,;]+/))
      .filter((p) => p[0])
      .map(([serial, secret]) => ({ serial: serial as string, secret }))
      .slice(0, count);
  } else if (values.serial) {
    units = [{ serial: values.serial, secret: values.secret }];
  } else {
    units = Array.from({ length: count }, (_, i) => ({ serial: `${values['serial-prefix']}${String(i + 1).padStart(4, '0')}` }));
  }
  const devices: SimulatedDevice[] = [];
  for (const u of units) {
    try {
      devices.push(
        await startSimulatedDevice({
          url: values.url,
          prefix: values.prefix,
          ...u,
          failureRate,
          ackDelayMs,
          eventsPerMinute,
          log: (l) => console.log(l),
        }),
      );
      console.log(`${u.serial}: online`);
      if (alarm) await devices[devices.length - 1]?.raiseAlarm(alarm);
    } catch (e) {
      console.error(`${u.serial}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (!devices.length) process.exit(1);
  const report = setInterval(() => {
    const applied = devices.reduce((n, d) => n + d.state.applied.length, 0);
    const events = devices.reduce((n, d) => n + d.sent.length, 0);
    const dup = devices.reduce((n, d) => n + d.duplicates, 0);
    console.log(
      `${devices.filter((d) => d.connected()).length}/${devices.length} connected, ${applied} commands applied, ${dup} duplicates, ${events} events sent`,
    );
  }, 10_000);
  const stop = async () => {
    clearInterval(report);
    await Promise.all(devices.map((d) => d.stop()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (values.duration) setTimeout(stop, Number(values.duration) * 1000);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
