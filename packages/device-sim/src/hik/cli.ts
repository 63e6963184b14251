import { parseArgs } from 'node:util';
import { type HikFault, startHikEmulator } from './emulator.ts';

const HELP = `An emulated Hikvision access terminal (ISAPI over HTTP, digest authentication).

  npm run sim:hik -- --port 8081 --user admin --password Hik12345

  --port N          HTTP port (default 8081; 0: any free port)
  --host H          address to listen on (default 127.0.0.1)
  --serial S        serial number (default: random DS-K1T671M...)
  --user U          ISAPI user (default admin)
  --password P      ISAPI password (default Hik12345)
  --utc-offset MIN  the terminal clock's offset from UTC in minutes (default 480)
  --multipart       post events as multipart/form-data (with a picture) instead of JSON
  --swipe CARD      present this card every --every seconds (a card the server put: granted)
  --every S         default 10
  --fault F         misbehave: garbage, errorBody, wrongRealm, timeout, refusePhoto, duplicateEmployee

Add it in the device pool as kind hik-isapi with this address, port, user and password.
`;

const FAULTS: HikFault[] = ['garbage', 'errorBody', 'wrongRealm', 'timeout', 'refusePhoto', 'duplicateEmployee'];

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8081' },
      host: { type: 'string', default: '127.0.0.1' },
      serial: { type: 'string' },
      user: { type: 'string', default: 'admin' },
      password: { type: 'string', default: 'Hik12345' },
      'utc-offset': { type: 'string', default: '480' },
      multipart: { type: 'boolean', default: false },
      swipe: { type: 'string' },
      every: { type: 'string', default: '10' },
      fault: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const port = Number(values.port);
  const offset = Number(values['utc-offset']);
  const every = Number(values.every);
  const fault = values.fault as HikFault | undefined;
  if (
    !Number.isInteger(port) ||
    port < 0 ||
    port > 65_535 ||
    !Number.isInteger(offset) ||
    !(every > 0) ||
    (fault && !FAULTS.includes(fault))
  ) {
    console.error('Invalid option; see --help');
    process.exit(1);
  }
  const emu = await startHikEmulator({
    port,
    host: values.host,
    serial: values.serial,
    username: values.user,
    password: values.password,
    utcOffsetMin: offset,
    pushMultipart: values.multipart,
  });
  if (fault) emu.misbehave(fault);
  console.log(`Hikvision terminal ${emu.serial} on ${emu.url} (user ${values.user})`);
  const timer = values.swipe
    ? setInterval(() => {
        emu
          .swipe(values.swipe as string)
          .then((e) => console.log(`swipe ${values.swipe}: event ${e.serialNo} (minor 0x${e.minor.toString(16)})`))
          .catch((e: unknown) => console.error(e));
      }, every * 1000)
    : null;
  const stop = () => {
    if (timer) clearInterval(timer);
    void emu.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
