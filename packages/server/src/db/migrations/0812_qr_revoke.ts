import type { Kysely } from 'kysely';
import { createIndexes, dropIndexes } from './schema.ts';

/**
 * Withdrawn visitor QR codes (`qr.revoke`, docs/device-protocol.md §8): a code ended before its
 * signed expiry keeps that expiry in `revoked_until`; while it lies ahead, the units the code
 * works on refuse it (a full configuration sends the revocation again). Partial index: few rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitor_qrcode').addColumn('revoked_until', 'timestamptz').execute();
  await createIndexes(db, 'visitor_qrcode', {
    visitor_qrcode_revoked_idx: { columns: ['revoked_until'], where: [['revoked_until', 'is not', null]] },
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndexes(db, ['visitor_qrcode_revoked_idx']);
  await db.schema.alterTable('visitor_qrcode').dropColumn('revoked_until').execute();
}
