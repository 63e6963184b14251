import type { Page } from '../envelope.ts';
import { expireUnusedInput, moveOutIdInput, moveOutInput, reviewInput, unusedPageInput } from '../schemas/review.ts';
import { defineRoutes, r } from './define.ts';

/** What a credential is. */
export type CredentialKind = 'card' | 'face' | 'qrcode';

/**
 * Where a credential works, from one source: 'unit' (configured on a door unit), 'lift'
 * (lift control on a door unit), 'group' (a door unit of an access group it holds),
 * 'groupLift' (an access group's lift floors on a door unit). Further sources add their own value.
 */
export type PlaceSource = 'unit' | 'lift' | (string & {});

/** The last command for a credential on a unit and its status (CMD_STATUS); null: none was ever queued. */
export interface PlaceSync {
  commandId: number;
  status: number;
  kind: string;
  updatedAt: string;
}

/** An access group a credential holds, with its schedule. */
export interface ReviewGroup {
  id: number;
  name: string;
  /** The schedule's name (the built-in one in the caller's language: "Always"). */
  schedule: string;
}

export interface ReviewPlace {
  source: PlaceSource;
  /** The door unit (address type 0); 0 for a group without door units. */
  gateId: number;
  gateName: string;
  /** Validity, yyyy/MM/dd HH:mm:ss ('' when the source has none). */
  validfrom: string;
  validto: string;
  /** Lift floors (lift and groupLift sources), else ''. */
  detail: string;
  sync: PlaceSync | null;
  /** The access group the place is reached through (group sources), else null. */
  group: ReviewGroup | null;
}

/** One credential of the review. */
export interface ReviewCredential {
  kind: CredentialKind;
  id: number;
  /** Card number, face holder name or QR code number. */
  label: string;
  /** For cards the card type, for faces '', for QR codes the number of opens. */
  type: string;
  account: string;
  userName: string;
  communityName: string;
  /** The household address (QR codes: the door unit). */
  address: string;
  /** enable / disable; QR codes: valid / expired. */
  status: string;
  createdAt: string;
  /** Last access event of the credential ('' never used). */
  lastUsed: string;
  /** The access groups it holds (with their schedules); where they reach is in places. */
  groups: ReviewGroup[];
  places: ReviewPlace[];
}

export interface Review {
  /** What was reviewed: the account, or the household's address text. */
  subject: string;
  credentials: ReviewCredential[];
}

/** One credential a move-out removes, and the units that will be told. */
export interface MoveOutItem {
  kind: CredentialKind;
  id: number;
  label: string;
  account: string;
  address: string;
  /** Door units with a device that will get a delete (or a new lift file). */
  units: string[];
}

export interface MoveOutPreview {
  subject: string;
  items: MoveOutItem[];
  /** How many commands the move-out will queue. */
  commands: number;
}

export interface MoveOutDone {
  id: number;
  /** Credentials removed. */
  items: number;
  commands: number;
}

/** One command of a move-out, as its progress shows it. */
export interface MoveOutCommand {
  id: number;
  gateName: string;
  kind: string;
  /** card number / face id / lift the command is about. */
  object: string;
  status: number;
  /** The unit's answer or why it was cancelled, in the caller's language. */
  info: string;
  updatedAt: string;
}

export interface MoveOutProgress {
  id: number;
  subject: string;
  reason: string;
  createdAt: string;
  total: number;
  acked: number;
  failed: number;
  /** true when every command is acknowledged (or superseded by a newer one that was). */
  done: boolean;
  commands: MoveOutCommand[];
}

/** A card or face not used for N days. */
export interface UnusedRow
  extends Pick<ReviewCredential, 'id' | 'label' | 'account' | 'userName' | 'communityName' | 'address' | 'status' | 'createdAt'> {
  /** `card:<id>` or `face:<id>` (row key). */
  key: string;
  kind: 'card' | 'face';
  /** '' when never used (counted from its creation). */
  lastUsed: string;
  idleDays: number;
}

const access = { menus: ['access.review'] } as const;

/** Access review, move-out, unused credentials (menu access.review, issue 13 items 5–7). */
export const reviewRoutes = defineRoutes('review', {
  getReview: r<Review>()({ method: 'GET', input: reviewInput, access }),
  exportReview: r<never>()({ method: 'GET', input: reviewInput, access, kind: 'raw' }),
  previewMoveOut: r<MoveOutPreview>()({ method: 'GET', input: reviewInput, access }),
  moveOut: r<MoveOutDone>()({ method: 'POST', input: moveOutInput, access }),
  getMoveOutProgress: r<MoveOutProgress>()({ method: 'GET', input: moveOutIdInput, access }),
  resendMoveOut: r<{ resent: number }>()({ method: 'POST', input: moveOutIdInput, access }),
  getUnusedPage: r<Page<UnusedRow>>()({ method: 'GET', input: unusedPageInput, access }),
  expireUnused: r<{ changed: number }>()({ method: 'POST', input: expireUnusedInput, access }),
});
