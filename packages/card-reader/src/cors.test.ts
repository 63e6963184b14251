import { describe, expect, it } from 'vitest';
import { originAllowed } from './cors.ts';

describe('allowed web origins', () => {
  it('allow pages of this computer on any port, http or https', () => {
    for (const o of ['http://localhost', 'http://localhost:5173', 'https://127.0.0.1:8443', 'http://[::1]:8080'])
      expect(originAllowed(o, [])).toBe(true);
  });

  it('refuse other hosts unless listed, and look-alike hosts', () => {
    for (const o of [
      'https://gate.example.com',
      'http://localhost.evil.net',
      'http://127.0.0.1.nip.io',
      'file://',
      'null',
      'ftp://localhost',
    ]) {
      expect(originAllowed(o, [])).toBe(false);
    }
    expect(originAllowed('https://gate.example.com', ['https://gate.example.com'])).toBe(true);
    expect(originAllowed('https://gate.example.com:8443', ['https://gate.example.com'])).toBe(false);
    expect(originAllowed('https://anything.example', ['*'])).toBe(true);
  });
});
