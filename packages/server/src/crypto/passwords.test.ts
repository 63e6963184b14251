import { describe, expect, it } from 'vitest';
import { hashImported, needsRehash, verifyPassword } from './passwords.ts';

describe('hashImported', () => {
  it('answers a hash per password in their order, each distinct password hashed once', async () => {
    const passwords = ['Beta222b', 'Alpha111', 'Beta222b', 'Gamma333', 'Alpha111', 'Beta222b'];
    const calls: [number, number][] = [];
    const hashes = await hashImported(passwords, (done, total) => calls.push([done, total]));
    expect(hashes).toHaveLength(passwords.length);
    for (const [i, p] of passwords.entries()) expect(await verifyPassword(hashes[i] as string, p)).toBe(true);
    expect(await verifyPassword(hashes[0] as string, 'Alpha111')).toBe(false);
    // equal passwords share one hash (one salt), different ones do not
    expect(new Set(hashes).size).toBe(3);
    expect(hashes[0]).toBe(hashes[2]);
    expect(hashes[1]).toBe(hashes[4]);
    expect(calls.map(([d]) => d).sort()).toEqual([1, 2, 3]);
    expect(calls.every(([, total]) => total === 3)).toBe(true);
    // the import profile is cheaper: upgraded at the first sign-in
    expect(hashes.every(needsRehash)).toBe(true);
  });

  it('answers nothing for no passwords', async () => {
    expect(await hashImported([])).toEqual([]);
  });
});
