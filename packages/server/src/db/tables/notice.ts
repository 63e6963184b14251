import type { Generated } from 'kysely';

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  community_id: number;
  validfrom: Date;
  validto: Date;
  creator_id: number | null;
  created_at: Generated<Date>;
}

/** An attachment of a notice: a stored_file row (kind 'notice'). */
export interface NoticeFileTable {
  notice_id: number;
  file_id: number;
}

export interface NoticeTables {
  notice: NoticeTable;
  notice_file: NoticeFileTable;
}
