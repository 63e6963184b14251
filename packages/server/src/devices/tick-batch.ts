/**
 * Requests made in the same turn of the event loop answered by one load: a hundred door units
 * calling at once cost one statement, not a hundred (the ZKTeco PUSH routes' serial, PIN and
 * due-command reads, their poll-time writes). Keys asked twice in a turn are loaded once; a key
 * the load does not answer gets `missing`. A failed load fails every request of its turn.
 */
export function tickBatch<K, V>(load: (keys: K[]) => Promise<ReadonlyMap<K, V>>, missing: V): (key: K) => Promise<V> {
  let asked = new Map<K, { resolve(v: V): void; reject(e: unknown): void }[]>();
  const run = async () => {
    const turn = asked;
    asked = new Map();
    try {
      const got = await load([...turn.keys()]);
      for (const [k, waiting] of turn) for (const w of waiting) w.resolve(got.has(k) ? (got.get(k) as V) : missing);
    } catch (e) {
      for (const waiting of turn.values()) for (const w of waiting) w.reject(e);
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!asked.size) setImmediate(() => void run());
      const list = asked.get(key);
      if (list) list.push({ resolve, reject });
      else asked.set(key, [{ resolve, reject }]);
    });
}
