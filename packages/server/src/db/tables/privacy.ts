import type { ColumnType, Generated } from 'kysely';

/** The purpose text a community shows before a face is added (three languages; unset: the catalogue's default). */
export interface ConsentTemplateTable {
  community_id: number;
  purpose_zh_cn: string;
  purpose_zh_tw: string;
  purpose_en: string;
  updated_at: Generated<Date>;
}

/** Consent to keep a face (issue 35 item 1). giver: person or guardian; method: form, in_person or app. */
export interface FaceConsentTable {
  id: Generated<number>;
  community_id: number;
  /** The face it was given for (null once the face is erased: the record stays). */
  face_id: number | null;
  account: string;
  person_name: Generated<string>;
  giver: string;
  guardian_name: Generated<string>;
  method: string;
  /** The purpose text shown, as it was then. */
  purpose: string;
  lang: string;
  staff_account_id: number | null;
  staff_regno: Generated<string>;
  /** The scanned form (stored_file kind 'consent', sealed like face photos). */
  form_file_id: number | null;
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** A face erased (issue 35 item 3): whose, when, by whom, why. Kept after the face row is gone. */
export interface FaceErasureTable {
  id: Generated<number>;
  community_id: number | null;
  face_id: number;
  account: string;
  person_name: Generated<string>;
  /** delete, withdraw (consent withdrawn), moveout, expire. */
  reason: string;
  staff_account_id: number | null;
  staff_regno: Generated<string>;
  created_at: Generated<Date>;
}

/** One door unit told to forget an erased face: the receipt is its command's state (status 2: acknowledged). */
export interface FaceErasureUnitTable {
  erasure_id: number;
  address_id: number;
  unit_name: Generated<string>;
  command_id: number | string;
}

export interface PrivacyTables {
  consent_template: ConsentTemplateTable;
  face_consent: FaceConsentTable;
  face_erasure: FaceErasureTable;
  face_erasure_unit: FaceErasureUnitTable;
}
