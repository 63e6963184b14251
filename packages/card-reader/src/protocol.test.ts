import { describe, expect, it } from 'vitest';
import { CardIdParser } from './protocol.ts';

const cards = (p: CardIdParser, s: string | number[]) =>
  p
    .push(typeof s === 'string' ? Buffer.from(s, 'latin1') : Uint8Array.from(s))
    .filter((e) => e.kind === 'card')
    .map((e) => (e.kind === 'card' ? e.cardId : ''));

describe('card id parser', () => {
  it('reads CR, LF and CRLF ended lines, trimmed', () => {
    const p = new CardIdParser();
    expect(cards(p, '123\r456\n 789 \r\n')).toEqual(['123', '456', '789']);
  });

  it('reads STX/ETX frames, with CR/LF padding inside or after', () => {
    const p = new CardIdParser();
    expect(cards(p, [0x02, 0x31, 0x41, 0x0d, 0x0a, 0x03, 0x0d, 0x0a, 0x02, 0x32, 0x03])).toEqual(['1A', '2']);
  });

  it('keeps a partial id between chunks', () => {
    const p = new CardIdParser();
    expect(cards(p, '0012')).toEqual([]);
    expect(cards(p, '3456\r\n')).toEqual(['00123456']);
  });

  it('reports noise and never turns it into an id', () => {
    const p = new CardIdParser();
    const events = p.push(Buffer.from('\r\n\x01\x05\r\nID: 12\n', 'latin1'));
    expect(events).toEqual([
      { kind: 'noise', text: '01 05' },
      { kind: 'noise', text: 'ID: 12' },
    ]);
  });

  it('drops a run of bytes with no end (wrong baud rate) and recovers', () => {
    const p = new CardIdParser();
    const events = p.push(Buffer.alloc(300, 0x55));
    expect(events).toEqual([{ kind: 'noise', text: 'more than 256 bytes without an end' }]);
    expect(cards(p, '\n42\n')).toEqual(['42']);
  });
});
