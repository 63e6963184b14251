import { type Kysely, sql } from 'kysely';

/**
 * Indexes of the event log screens (DESIGN §4): every list pages by (time, id) and
 * filters access events (not punches) by community and open type; visitor QR records
 * page by (created_at, id) for administrators.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const access = sql.ref('is_work');
  await db.schema
    .createIndex('access_event_time_idx')
    .on('access_event')
    .columns(['time desc', 'id desc'])
    .where(access, '=', false)
    .execute();
  await db.schema
    .createIndex('access_event_type_time_idx')
    .on('access_event')
    .columns(['type', 'time desc', 'id desc'])
    .where(access, '=', false)
    .execute();
  await db.schema
    .createIndex('access_event_community_type_idx')
    .on('access_event')
    .columns(['community_id', 'type', 'time desc', 'id desc'])
    .where(access, '=', false)
    .execute();
  await db.schema.createIndex('visitor_qrcode_created_idx').on('visitor_qrcode').columns(['created_at desc', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of [
    'access_event_time_idx',
    'access_event_type_time_idx',
    'access_event_community_type_idx',
    'visitor_qrcode_created_idx',
  ]) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
}
