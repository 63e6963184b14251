/**
 * The child rows of some parents (a notice's files, a group's lift floors), grouped by parent: `read`
 * runs only when there are parents; each row becomes an item, in the order `read` returns them.
 */
export async function byParent<R, T>(
  parentIds: readonly number[],
  read: () => Promise<R[]>,
  parentOf: (r: R) => number,
  item: (r: R) => T,
): Promise<Map<number, T[]>> {
  const out = new Map<number, T[]>();
  if (!parentIds.length) return out;
  for (const r of await read()) {
    const list = out.get(parentOf(r));
    if (list) list.push(item(r));
    else out.set(parentOf(r), [item(r)]);
  }
  return out;
}
