import fs from 'node:fs';
import { SerialPort } from 'serialport';
import { CardIdParser } from './protocol.ts';

export type Log = (line: string) => void;

/** Why a port cannot be used; `key` is a message of CARD_READER_MESSAGES. */
export class PortError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}

/** A path given explicitly (a pty of socat, a udev symlink) is usable when it is a character device. */
function isCharDevice(path: string): boolean {
  try {
    return fs.statSync(fs.realpathSync(path)).isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * The one serial port the helper holds open, and the last card id read from it. A card id is
 * kept until taken (getCardId), so each swipe is answered once; a newer swipe replaces it.
 */
export class SerialLink {
  private port: SerialPort | null = null;
  private parser = new CardIdParser();
  private cardId = '';

  constructor(
    private readonly log: Log,
    /** Extra port paths offered besides the ones the system lists (virtual ports). */
    private readonly extraPorts: string[] = [],
  ) {}

  get isOpen(): boolean {
    return !!this.port?.isOpen;
  }
  get portName(): string {
    return this.isOpen ? (this.port?.path ?? '') : '';
  }
  get baudRate(): number {
    return this.isOpen ? (this.port?.baudRate ?? 0) : 0;
  }

  /** The system's serial ports, the extra ones that exist, and the open one. */
  async listPorts(): Promise<string[]> {
    const listed = (await SerialPort.list().catch(() => [])).map((p) => p.path);
    const extra = this.extraPorts.filter(isCharDevice);
    const open = this.isOpen ? [this.portName] : [];
    return [...new Set([...listed, ...extra, ...open])].sort();
  }

  async open(path: string, baudRate: number): Promise<void> {
    const ports = await this.listPorts();
    if (!ports.includes(path) && !(path.startsWith('/') && isCharDevice(path)))
      throw new PortError('cardReader.err.unknownPort', { port: path });
    await this.close();
    const port = new SerialPort({ path, baudRate, autoOpen: false });
    await new Promise<void>((resolve, reject) =>
      port.open((err) => (err ? reject(new PortError('cardReader.err.openFailed', { port: path, reason: err.message })) : resolve())),
    );
    this.port = port;
    this.parser = new CardIdParser();
    this.cardId = '';
    port.on('data', (chunk: Buffer) => {
      for (const ev of this.parser.push(chunk)) {
        if (ev.kind === 'card') {
          this.cardId = ev.cardId;
          this.log(`card ${ev.cardId} on ${path}`);
        } else this.log(`ignored from ${path}: ${ev.text}`);
      }
    });
    port.on('error', (err) => this.log(`error on ${path}: ${err.message}`));
    port.on('close', (err?: Error) => {
      if (this.port === port) {
        this.port = null;
        this.cardId = '';
        this.log(`closed ${path}${err ? ` (${err.message})` : ''}`); // the reader was unplugged
      }
    });
    this.log(`opened ${path} at ${baudRate} baud`);
  }

  async close(): Promise<void> {
    const port = this.port;
    if (!port) return;
    this.port = null;
    this.cardId = '';
    if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    this.log(`closed ${port.path}`);
  }

  /** The card id read since the last call, once; '' when none. */
  takeCardId(): string {
    const id = this.cardId;
    this.cardId = '';
    return id;
  }
}
