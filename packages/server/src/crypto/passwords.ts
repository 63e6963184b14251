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
 * its threads for files and crypto). Answers the hashes in the order of `passwords`;
 * calls `progress(done, total)` as distinct passwords finish. Equal passwords are found
 * by sorting their positions (no map of 100k passwords held beside the rows).
 */
export async function hashImported(passwords: readonly string[], progress?: (done: number, total: number) => void): Promise<string[]> {
  const at = (i: number) => passwords[i] as string;
  const order = Array.from(passwords.keys()).sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
  // Where each run of equal passwords starts in `order`.
  const starts = order.flatMap((p, i) => (i === 0 || at(p) !== at(order[i - 1] as number) ? [i] : []));
  const out = new Array<string>(passwords.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < starts.length) {
      const run = next++;
      const from = starts[run] as number;
      const to = starts[run + 1] ?? order.length;
      const h = await hash(at(order[from] as number), IMPORT_OPTS);
      for (let i = from; i < to; i++) out[order[i] as number] = h;
      progress?.(++done, starts.length);
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
