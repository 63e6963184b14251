import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccountTable {
  id: Generated<number>;
  reg_no: string;
  area_code: string;
  name: string;
  password_hash: string;
  role_id: number;
  state: number;
  community_id: number | null;
  address_id: number | null;
  face_limit: number;
  resident_limit: number;
  lang: string;
  created_by: number | null;
  reg_time: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MenuTable {
  id: number;
  key: string;
  path: string;
  parent_id: number;
  sort: number;
}

export interface AccountMenuTable {
  account_id: number;
  menu_id: number;
}

export interface AccountCommunityTable {
  account_id: number;
  community_id: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  role_id: number;
  community_id: number;
  lang: string;
  ip: string;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface CaptchaTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
}

export interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface CommunityTable {
  id: Generated<number>;
  name: string;
  location: string;
  address: string;
  ip: string | null;
  /** 0 residential community (project), 1 enterprise (company of a cloud user). */
  type: number;
  reg_no: string | null;
  created_at: Generated<Date>;
  /** IANA time zone its door units judge access schedules by (access rules, 0801). */
  time_zone: Generated<string>;
}

export interface CommunityEngineerTable {
  community_id: number;
  account_id: number;
}

export interface AddressTable {
  id: Generated<number>;
  community_id: number;
  address: string;
  name: string;
  type: number;
  is_villa: number;
  hardware: number;
  devstate: number;
  reg_no: string | null;
  created_at: Generated<Date>;
}

export interface OpLogTable {
  id: Generated<number>;
  name1: string;
  name2: string;
  content: string;
  account_id: number | null;
  regno: string;
  community_id: number | null;
  detail: JSONColumnType<Record<string, unknown> | null> | null;
  addtime: Generated<Date>;
}

export interface MessageTable {
  id: Generated<number>;
  title: string;
  content: string;
  type: number;
  community_id: number | null;
  creator_id: number | null;
  file_id: number | null;
  created_at: Generated<Date>;
}

export interface StoredFileTable {
  id: Generated<number>;
  kind: string;
  path: string;
  mime: string;
  size: number;
  original_name: string;
  community_id: number | null;
  created_at: Generated<Date>;
}

export interface FoundationTables {
  account: AccountTable;
  menu: MenuTable;
  account_menu: AccountMenuTable;
  account_community: AccountCommunityTable;
  session: SessionTable;
  sms_code: SmsCodeTable;
  captcha: CaptchaTable;
  rate_limit: RateLimitTable;
  community: CommunityTable;
  community_engineer: CommunityEngineerTable;
  address: AddressTable;
  op_log: OpLogTable;
  message: MessageTable;
  stored_file: StoredFileTable;
}
