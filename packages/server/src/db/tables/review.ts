import type { Generated } from 'kysely';

/** One move-out (issue 13 item 6): what was removed, and the commands that withdraw it from the units. */
export interface MoveOutTable {
  id: Generated<number>;
  /** The community of the household (an account's move-out: of its first credential). */
  community_id: number | null;
  /** 'address' or 'account'. */
  subject_kind: string;
  /** The household's address text or the account. */
  subject: string;
  reason: Generated<string>;
  account_id: number | null;
  created_at: Generated<Date>;
}

/** The commands a move-out queued (and those its Resend queued). */
export interface MoveOutCommandTable {
  moveout_id: number;
  command_id: number;
}

export interface ReviewTables {
  moveout: MoveOutTable;
  moveout_command: MoveOutCommandTable;
}
