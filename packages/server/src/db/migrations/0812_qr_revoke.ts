import { type Kysely, sql } from 'kysely';

/**
 * Withdrawn visitor QR codes (`qr.revoke`, docs/device-protocol.md §8): a code ended before its
 * signed expiry keeps that expiry in `revoked_until`; while it lies ahead, the units the code
 * works on refuse it (a full configuration sends the revocation again). Partial index: few rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitor_qrcode').addColumn('revoked_until', 'timestamptz').execute();
  await db.schema
    .createIndex('visitor_qrcode_revoked_idx')
    .on('visitor_qrcode')
    .columns(['revoked_until'])
    .where(sql.ref('revoked_until'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('visitor_qrcode_revoked_idx').ifExists().execute();
  await db.schema.alterTable('visitor_qrcode').dropColumn('revoked_until').execute();
}
