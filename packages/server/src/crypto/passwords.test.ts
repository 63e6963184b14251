import { describe, expect, it } from 'vitest';
import { hashImported, needsRehash, verifyPassword } from './passwords.ts';

describe('hashImported', () => {
  it('hashes each distinct password once, with the cheaper import profile', async () => {
    const passwords = ['Beta222b', 'Alpha111', 'Beta222b', 'Gamma333', 'Alpha111', 'Beta222b'];
    const calls: [number, number][] = [];
    const hashes = await hashImported(passwords, (done, total) => calls.push([done, total]));
    expect([...hashes.keys()].sort()).toEqual(['Alpha111', 'Beta222b', 'Gamma333']);
    for (const p of passwords) expect(await verifyPassword(hashes.get(p) as string, p)).toBe(true);
    expect(await verifyPassword(hashes.get('Beta222b') as string, 'Alpha111')).toBe(false);
    expect(calls.map(([d]) => d).sort()).toEqual([1, 2, 3]);
    expect(calls.every(([, total]) => total === 3)).toBe(true);
    // upgraded to the full cost at the account's first sign-in
    expect([...hashes.values()].every(needsRehash)).toBe(true);
  });

  it('answers nothing for no passwords', async () => {
    expect((await hashImported([])).size).toBe(0);
  });
});
