import { indexListsMigration } from './schema.ts';

/**
 * The daily clock-in detail reads one company's punches over a month: an index on
 * (community, time) of the punches only (the access-event indexes leave punches out).
 * Punch records of one account use access_event_work_idx (account, time) of 0301.
 */
export const { up, down } = indexListsMigration({
  access_event: {
    access_event_work_community_idx: { columns: ['community_id', 'time'], where: [['is_work', '=', true]] },
  },
});
