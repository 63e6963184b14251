import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: string;
  text: string;
}

/** Sends SMS codes. Providers other than 'log' plug in here. */
export interface SmsProvider {
  send(m: SmsMessage): Promise<void>;
}

/**
 * The default provider: the server log (without the code: secrets never reach the
 * log) and one JSON line {time, phone, code, purpose} in DATA_DIR/sms-outbox.log,
 * the outbox a developer or a test reads.
 */
export function logSmsProvider(dataDir: string, log: FastifyBaseLogger): SmsProvider {
  const file = path.join(dataDir, 'sms-outbox.log');
  return {
    async send(m) {
      await fs.promises.mkdir(dataDir, { recursive: true });
      const line = JSON.stringify({ time: new Date().toISOString(), phone: m.phone, code: m.code, purpose: m.purpose });
      await fs.promises.appendFile(file, `${line}\n`);
      log.info({ phone: m.phone, purpose: m.purpose, outbox: file }, 'sms code written to the outbox');
    },
  };
}
