/**
 * Personal data (issue 35): value sets the face consent and the erasure receipts use, shown by
 * screens and checked by schemas (zod-free, so a screen may import it).
 */

/** Who gave consent to keep a face: the person, or a guardian for a minor. */
export const CONSENT_GIVERS = ['person', 'guardian'] as const;
export type ConsentGiver = (typeof CONSENT_GIVERS)[number];

/** How consent was given: a signed form (scanned), in person, in the app. */
export const CONSENT_METHODS = ['form', 'in_person', 'app'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/**
 * Why a face was erased: deleted, consent withdrawn, a move-out, expired as unused (review), the
 * retention rule (moved out N days ago), or its person's account deleted.
 */
export const ERASURE_REASONS = ['delete', 'withdraw', 'moveout', 'expire', 'retention', 'account'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];

/** A consent form scan: JPEG, PNG or PDF by content, at most this many bytes. */
export const CONSENT_FORM_BYTES = 5 * 1024 * 1024;

/** A door unit's receipt of an erasure: 'acked' (status 2), 'pending' (not sent, or sent and waiting), 'failed' (3), 'cancelled' (4). */
export const RECEIPT_STATES = ['acked', 'pending', 'failed', 'cancelled'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/**
 * An erased person's account in access events and punches is replaced by this prefix and a keyed hash
 * (docs/privacy.md "Pseudonymised events"); lists show such a row as pseudonymised.
 */
export const PSEUDONYM_PREFIX = 'anon-';
export const isPseudonym = (account: string): boolean => account.startsWith(PSEUDONYM_PREFIX);
