import type { LiveAccess } from '@gatehouse/contracts';
import type { AccessPresenter } from '../../live/event-writer.ts';
import { accessLogRow } from './queries.ts';

/** Access events as the live stream shows them: the access log's rows, with their community and time (from the stored rows, no read). */
export const liveAccessRows: AccessPresenter = (tz, r): LiveAccess => ({
  ...accessLogRow(tz, r),
  communityId: r.community_id,
  at: r.time.toISOString(),
});
