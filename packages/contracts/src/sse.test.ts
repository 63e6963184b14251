import { describe, expect, it } from 'vitest';
import { type SseMessage, SseParser } from './sse.ts';

describe('SseParser', () => {
  it('reads messages split anywhere, skips comments, keeps the last id', () => {
    const got: SseMessage[] = [];
    const retries: number[] = [];
    const p = new SseParser(
      (m) => got.push(m),
      (ms) => retries.push(ms),
    );
    const text = 'retry: 3000\n: hb\n\nid: 7\nevent: access\ndata: {"a":1}\n\nid: 8\r\nevent: device\r\ndata: x\r\ndata: y\r\n\r\n: hb\n\n';
    for (const ch of text) p.feed(ch);
    expect(got).toEqual([
      { id: '7', event: 'access', data: '{"a":1}' },
      { id: '8', event: 'device', data: 'x\ny' },
    ]);
    expect(retries).toEqual([3000]);
    expect(p.lastId).toBe('8');
  });

  it('does not dispatch a message before its blank line', () => {
    const got: SseMessage[] = [];
    const p = new SseParser((m) => got.push(m));
    p.feed('id: 1\ndata: a\n');
    expect(got).toEqual([]);
    p.feed('\n');
    expect(got).toHaveLength(1);
  });
});
