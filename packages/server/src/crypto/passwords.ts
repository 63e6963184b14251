import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's second recommended set.
const OPTS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The cheaper argon2id profile of imported initial passwords (docs/security.md,
 * "Imported passwords"): 100k distinct passwords fit in a minute on two cores. A hash
 * made with it is upgraded to OPTS at the account's first successful sign-in.
 */
export const IMPORT_OPTS = { memoryCost: 2048, timeCost: 1, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    // verify reads the algorithm, version and cost from the encoded hash itself.
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored hash is not argon2id at the full cost (an imported one): rehash it after a good sign-in. */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < OPTS.memoryCost || Number(m[2]) < OPTS.timeCost || Number(m[3]) !== OPTS.parallelism;
}

/**
 * Hashes many passwords with the import profile, each distinct one once, on libuv's
 * thread pool with at most one hash per core in flight (the rest of the server keeps
 * its threads for files and crypto). Calls `progress(done)` as distinct passwords finish.
 */
export async function hashImported(
  passwords: Iterable<string>,
  progress?: (done: number, total: number) => void,
): Promise<Map<string, string>> {
  const distinct = [...new Set(passwords)];
  const out = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const p = distinct[next++] as string;
      out.set(p, await hash(p, IMPORT_OPTS));
      progress?.(out.size, distinct.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  return out;
}

/** A hash to verify against when the account does not exist (same cost, no timing hint). */
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => {
  dummy ??= hashPassword('dummy-password-never-used');
  return dummy;
};
