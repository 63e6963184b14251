import { CARD_READER } from '@gatehouse/contracts';
import { startHelper } from './server.ts';

/**
 * npm run card-reader: the serial-port helper on this computer.
 * CARD_READER_PORT (default 17790), CARD_READER_ORIGINS (extra allowed web origins, comma-separated),
 * CARD_READER_EXTRA_PORTS (serial paths to offer besides the system's list, comma-separated).
 */
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const port = process.env.CARD_READER_PORT ? Number(process.env.CARD_READER_PORT) : CARD_READER.defaultPort;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`CARD_READER_PORT must be a TCP port number, got ${process.env.CARD_READER_PORT}`);
  process.exit(2);
}

try {
  const helper = await startHelper({
    port,
    origins: list(process.env.CARD_READER_ORIGINS),
    extraPorts: list(process.env.CARD_READER_EXTRA_PORTS),
  });
  console.log(`Gatehouse card reader helper listening on ${helper.url}`);
  console.log(`Ports: ${(await helper.link.listPorts()).join(', ') || '(none found: plug in the reader and install its driver)'}`);
  const stop = () => void helper.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  console.error(
    e.code === 'EADDRINUSE'
      ? `Port ${port} is in use: is the helper already running? (set CARD_READER_PORT to use another)`
      : `Cannot start: ${e.message}`,
  );
  process.exit(1);
}
