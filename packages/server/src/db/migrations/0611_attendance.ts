import { type Kysely, sql } from 'kysely';

/**
 * The daily clock-in detail reads one company's punches over a month: an index on
 * (community, time) of the punches only (the access-event indexes leave punches out).
 * Punch records of one account use access_event_work_idx (account, time) of 0301.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('access_event_work_community_idx')
    .on('access_event')
    .columns(['community_id', 'time'])
    .where(sql.ref('is_work'), '=', true)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('access_event_work_community_idx').ifExists().execute();
}
