import type { UnitKind } from '@gatehouse/contracts';
import type { Db } from '../../db/index.ts';
import { anyInt } from '../../db/sql.ts';
import type { UnitLink } from './contract.ts';

/**
 * The UnitLinks of these door units in one statement, their vendor passwords opened from the seal
 * (null when it cannot be opened). Held in memory only while their commands are sent.
 */
export async function loadUnitLinks(
  db: Db,
  ids: readonly number[],
  unseal: (sealed: string | null) => string | null,
): Promise<Map<number, UnitLink>> {
  const links = new Map<number, UnitLink>();
  if (!ids.length) return links;
  const rows = await db
    .selectFrom('device')
    .select(['id', 'serial', 'unit_kind', 'vendor_host', 'vendor_port', 'vendor_user', 'vendor_secret_box', 'online'])
    .where('id', '=', anyInt([...ids]))
    .execute();
  for (const r of rows)
    links.set(r.id, {
      id: r.id,
      serial: r.serial,
      kind: r.unit_kind as UnitKind,
      host: r.vendor_host,
      port: r.vendor_port,
      username: r.vendor_user,
      password: unseal(r.vendor_secret_box),
      online: r.online,
    });
  return links;
}
