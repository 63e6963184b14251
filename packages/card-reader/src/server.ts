import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CARD_READER,
  CARD_READER_BAUD_RATES,
  CARD_READER_MESSAGES,
  type CardReaderState,
  type Envelope,
  LANGS,
  type Lang,
  msg,
  renderMsg,
} from '@gatehouse/contracts';
import { cors } from './cors.ts';
import { type Log, PortError, SerialLink } from './serial.ts';

export interface HelperOptions {
  /** TCP port; 0 picks a free one. Default CARD_READER.defaultPort. */
  port?: number;
  host?: string;
  /** Origins allowed besides this computer's own pages (see cors.ts). */
  origins?: string[];
  /** Serial paths offered besides the system's list (virtual ports). */
  extraPorts?: string[];
  log?: Log;
}

export interface Helper {
  url: string;
  server: http.Server;
  link: SerialLink;
  stop(): Promise<void>;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly ref: string,
  ) {
    super(ref);
  }
}

const stamp = () => new Date().toISOString();

/**
 * The serial-port helper (001 §7): GET /getPorts, /open?PortName=&BaudRate=, /close, /getCardId,
 * each answering the envelope {status, msgs, content}; messages in the `lang` query's language.
 */
export async function startHelper(opts: HelperOptions = {}): Promise<Helper> {
  const log: Log = opts.log ?? ((line) => console.log(`${stamp()} ${line}`));
  const link = new SerialLink(log, opts.extraPorts ?? []);
  const state = async (): Promise<CardReaderState> => ({
    ports: await link.listPorts(),
    isOpen: link.isOpen,
    PortName: link.portName,
    BaudRate: link.baudRate,
  });

  const calls: Record<string, (q: URLSearchParams) => Promise<{ content: unknown; ref?: string }>> = {
    getPorts: async () => ({ content: await state() }),
    open: async (q) => {
      const PortName = q.get('PortName')?.trim() ?? '';
      const raw = q.get('BaudRate') ?? '';
      const BaudRate = Number(raw);
      if (!(CARD_READER_BAUD_RATES as readonly number[]).includes(BaudRate) || !/^\d+$/.test(raw))
        throw new Refused(400, msg('cardReader.err.badBaudRate', { value: raw }));
      if (!PortName) throw new Refused(400, 'cardReader.err.noPort');
      await link.open(PortName, BaudRate);
      return { content: await state(), ref: 'cardReader.opened' };
    },
    close: async () => {
      await link.close();
      return { content: await state(), ref: 'cardReader.closed' };
    },
    getCardId: async () => {
      if (!link.isOpen) throw new Refused(409, 'cardReader.err.notOpen');
      return { content: link.takeCardId() };
    },
  };

  const server = http.createServer((req, res) => {
    if (!cors(req, res, opts.origins ?? [])) return;
    const url = new URL(req.url ?? '/', 'http://helper');
    const q = url.searchParams;
    const lang: Lang = (LANGS as readonly string[]).includes(q.get('lang') ?? '') ? (q.get('lang') as Lang) : 'en';
    const name = url.pathname.replace(/^\/+|\/+$/g, '') || (q.get('call') ?? '');
    const send = (status: number, content: unknown, refs: string[]) => {
      const env: Envelope = { status, msgs: refs.map((r) => renderMsg(CARD_READER_MESSAGES, r, lang)), content };
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(env));
    };
    const call = req.method === 'GET' ? calls[name] : undefined;
    if (!call) {
      if (name !== 'getCardId') log(`refused ${req.method} /${name}`);
      send(404, null, [msg('cardReader.err.unknownCall', { call: `${req.method} /${name}` })]);
      return;
    }
    call(q).then(
      ({ content, ref }) => {
        if (name === 'getPorts') log(`getPorts: ${(content as CardReaderState).ports.join(', ') || 'none'}`);
        send(200, content, ref ? [ref] : []);
      },
      (err: unknown) => {
        const refused =
          err instanceof Refused
            ? err
            : err instanceof PortError
              ? new Refused(400, msg(err.key, err.params))
              : new Refused(500, msg('cardReader.err.openFailed', { port: q.get('PortName') ?? '', reason: String(err) }));
        log(`${name} refused: ${renderMsg(CARD_READER_MESSAGES, refused.ref, 'en')}`);
        send(refused.status, null, [refused.ref]);
      },
    );
  });

  const host = opts.host ?? CARD_READER.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? CARD_READER.defaultPort, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    link,
    stop: async () => {
      await link.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
