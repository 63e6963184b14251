import type { LiveAccess } from '@gatehouse/contracts';
import type { AccessPresenter } from '../../live/event-writer.ts';
import { anyBigint } from '../../db/sql.ts';
import { accessLogRow, withNames } from './queries.ts';

/** Access events as the live stream shows them: the access log's rows, with their community and time. */
export const liveAccessRows: AccessPresenter = async (db, tz, eventIds) => {
  const rows = await withNames(db.selectFrom('access_event as e'))
    .select('e.community_id')
    .where('e.id', '=', anyBigint(eventIds))
    .orderBy('e.id')
    .execute();
  return rows.map((r): LiveAccess => ({ ...accessLogRow(tz, r), communityId: r.community_id, at: new Date(r.time).toISOString() }));
};
