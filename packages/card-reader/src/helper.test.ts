import type { CardReaderState, Envelope } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Helper, startHelper } from './server.ts';
import { type PtyPair, ptyPair } from './test-pty.ts';

let helper: Helper;
let one: PtyPair;
let two: PtyPair;
const logged: string[] = [];

const get = async <T = unknown>(call: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) => {
  const res = await fetch(`${helper.url}/${call}?${new URLSearchParams(params).toString()}`, { headers });
  return { http: res.status, headers: res.headers, env: (await res.json()) as Envelope<T> };
};

/** Waits until the reader's bytes have gone through the pty and been parsed (a state, not a delay). */
async function nextCardId(): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const { env } = await get<string>('getCardId');
    if (env.status !== 200) throw new Error(env.msgs.join());
    if (env.content) return env.content;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no card id arrived');
}

beforeAll(async () => {
  [one, two] = await Promise.all([ptyPair('one'), ptyPair('two')]);
  helper = await startHelper({ port: 0, extraPorts: [one.a, two.a], origins: ['https://gate.example.com'], log: (l) => logged.push(l) });
});

afterAll(async () => {
  await helper?.stop();
  await Promise.all([one?.stop(), two?.stop()]);
});

describe('card reader helper over a real pseudo-terminal', () => {
  it('lists the ports, closed at first', async () => {
    const { env } = await get<CardReaderState>('getPorts');
    expect(env.status).toBe(200);
    expect(env.content.ports).toEqual(expect.arrayContaining([one.a, two.a]));
    expect(env.content).toMatchObject({ isOpen: false, PortName: '', BaudRate: 0 });
  });

  it('refuses a bad baud rate, a missing or unknown port, with clear messages, and stays closed', async () => {
    for (const BaudRate of ['4800', 'abc', '', '9600.5']) {
      const r = await get('open', { PortName: one.a, BaudRate });
      expect(r.http).toBe(400);
      expect(r.env.msgs).toEqual([`Baud rate must be 9600 or 115200 (got ${BaudRate})`]);
    }
    expect((await get('open', { PortName: '', BaudRate: '9600' })).env.msgs).toEqual(['Choose a serial port']);
    const unknown = await get('open', { PortName: '/dev/no-such-reader', BaudRate: '9600' });
    expect(unknown.http).toBe(400);
    expect(unknown.env.msgs).toEqual(['Serial port /dev/no-such-reader does not exist']);
    expect((await get('open', { PortName: 'COM42', BaudRate: '115200', lang: 'zh-CN' })).env.msgs).toEqual(['串口 COM42 不存在']);
    expect((await get<CardReaderState>('getPorts')).env.content.isOpen).toBe(false);
    const closed = await get('getCardId');
    expect(closed.http).toBe(409);
    expect(closed.env.msgs).toEqual(['The serial port is not open']);
  });

  it('reads CR/LF lines and STX/ETX frames, each card id once, and ignores noise', async () => {
    const opened = await get<CardReaderState>('open', { PortName: one.a, BaudRate: '9600' });
    expect(opened.env).toMatchObject({
      status: 200,
      msgs: ['Serial port open'],
      content: { isOpen: true, PortName: one.a, BaudRate: 9600 },
    });
    expect((await get<string>('getCardId')).env.content).toBe('');

    one.write('12345678\r\n');
    expect(await nextCardId()).toBe('12345678');
    expect((await get<string>('getCardId')).env.content).toBe('');

    one.write(Buffer.from([0x02, ...Buffer.from('AB12CD34'), 0x03]));
    expect(await nextCardId()).toBe('AB12CD34');
    expect((await get<string>('getCardId')).env.content).toBe('');

    one.write('\r\n\x01\x7f\r\n  \n??#!\n');
    one.write('0099');
    one.write('88\n'); // a line split over two writes
    expect(await nextCardId()).toBe('009988');
    expect(logged.some((l) => l.startsWith('ignored') && l.includes('??#!'))).toBe(true);
  });

  it('reopening closes the previous port; 115200 baud; close', async () => {
    const r = await get<CardReaderState>('open', { PortName: two.a, BaudRate: '115200' });
    expect(r.env.content).toMatchObject({ isOpen: true, PortName: two.a, BaudRate: 115200 });
    expect(logged).toContain(`closed ${one.a}`);
    two.write('\x02  55667788 \x03');
    expect(await nextCardId()).toBe('55667788');

    const c = await get<CardReaderState>('close');
    expect(c.env).toMatchObject({ status: 200, msgs: ['Serial port closed'], content: { isOpen: false, PortName: '', BaudRate: 0 } });
    expect((await get('getCardId')).http).toBe(409);
  });

  it('a reader unplugged while open: the port closes and getCardId says so', async () => {
    const gone = await ptyPair('gone');
    await helper.link.close();
    const r = await get<CardReaderState>('open', { PortName: gone.a, BaudRate: '9600' });
    expect(r.env.content).toMatchObject({ isOpen: true, PortName: gone.a });
    await gone.stop(); // the pseudo-terminal disappears, as a USB reader does when pulled out
    let answer = await get('getCardId');
    for (let i = 0; i < 500 && answer.http === 200; i++) {
      await new Promise((res) => setTimeout(res, 10));
      answer = await get('getCardId');
    }
    expect(answer.http).toBe(409);
    expect((await get<CardReaderState>('getPorts')).env.content).toMatchObject({ isOpen: false, PortName: '' });
    expect(logged.some((l) => l.startsWith(`closed ${gone.a}`))).toBe(true);
  });

  it('answers unknown calls with the list of calls', async () => {
    const r = await get('format');
    expect(r.http).toBe(404);
    expect(r.env.msgs[0]).toContain('getPorts, open, close, getCardId');
  });

  it('answers CORS and Private Network Access preflights for allowed origins only', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'https://gate.example.com']) {
      const res = await fetch(`${helper.url}/getPorts`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-private-network': 'true' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-private-network')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    }
    const ok = await get('getPorts', {}, { origin: 'http://localhost:5173' });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');

    const evil = await fetch(`${helper.url}/open?PortName=${encodeURIComponent(one.a)}&BaudRate=9600`, {
      headers: { origin: 'https://evil.example.net' },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect((await get<CardReaderState>('getPorts')).env.content.isOpen).toBe(false);
  });
});
