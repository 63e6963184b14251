import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseKey, SecretBox, stretchKey } from './secret-box.ts';

describe('one secret box for every sealed secret', () => {
  const key = crypto.randomBytes(32);

  it('seals as v1.<iv>.<tag>.<data> and opens it; another key or a changed byte is refused', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('whsec_abc');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(new SecretBox(crypto.randomBytes(32)).tryOpen(sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data as string, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(box.tryOpen([v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(() => box.open('v2.a.b.c')).toThrow('unknown secret format');
  });

  it('opens the webhook secrets sealed before 28 Nov 2026 (v1:<iv>:<tag>:<data>, base64)', () => {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', key, iv);
    const ct = Buffer.concat([c.update('whsec_old', 'utf8'), c.final()]);
    const legacy = ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), ct.toString('base64')].join(':');
    expect(new SecretBox(key).open(legacy)).toBe('whsec_old');
  });

  it('reads key settings and stretches passphrases per purpose', () => {
    expect(parseKey('ab'.repeat(32), 'K')).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(() => parseKey('short', 'WEBHOOK_SECRET_KEY')).toThrow('WEBHOOK_SECRET_KEY must be 32 bytes');
    expect(stretchKey('p', 'a')).not.toEqual(stretchKey('p', 'b'));
    expect(stretchKey('p', 'a').length).toBe(32);
  });
});
