import { type IndexSpec, indexListsMigration } from './schema.ts';

/** An index of access events only (punches are left out). */
const accessOnly = (columns: string[]): IndexSpec => ({ columns, where: [['is_work', '=', false]] });

/**
 * Indexes of the event log screens (DESIGN §4): every list pages by (time, id) and
 * filters access events (not punches) by community and open type; visitor QR records
 * page by (created_at, id) for administrators.
 */
export const { up, down } = indexListsMigration({
  access_event: {
    access_event_time_idx: accessOnly(['time desc', 'id desc']),
    access_event_type_time_idx: accessOnly(['type', 'time desc', 'id desc']),
    access_event_community_type_idx: accessOnly(['community_id', 'type', 'time desc', 'id desc']),
  },
  visitor_qrcode: { visitor_qrcode_created_idx: ['created_at desc', 'id desc'] },
});
