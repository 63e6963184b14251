import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** An access or lift card (001 §3). card_type: authcard, accesscard, patrolcard, laddercard, accladdcard. */
export interface CardTable {
  id: Generated<number>;
  /** The card number printed on / read from the card (the API's cardid, at most 10). */
  card_no: string;
  community_id: number;
  /** The household the card belongs to. */
  address_id: number;
  account: string;
  user_name: Generated<string>;
  card_type: string;
  /** ic or id. */
  card_mode: string;
  /** enable or disable. */
  status: Generated<string>;
  is_villa: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A credential (card or face) configured on a door unit (gate_id: address of type 0) with its validity. */
interface GateEntryColumns {
  id: Generated<number>;
  gate_id: number;
  validfrom: Timestamp;
  validto: Timestamp;
  info: Generated<string>;
  is_villa: Generated<number>;
  created_at: Generated<Date>;
}

/** A card on a door unit. */
export interface CardGateTable extends GateEntryColumns {
  /** The card's row id (card.id). */
  card_id: number;
}

/** A face (001 §3); the photo is stored_file photo_file_id (kind 'face', JPEG). */
export interface FaceTable {
  id: Generated<number>;
  community_id: number;
  address_id: number;
  account: string;
  user_name: Generated<string>;
  status: Generated<string>;
  photo_file_id: number;
  is_villa: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A face on a door unit. */
export interface FaceGateTable extends GateEntryColumns {
  face_id: number;
}

/** Lift control of one holder (a card or a face) on one door unit. */
export interface LadderConfigTable {
  id: Generated<number>;
  /** The card's row id (card.id), or null for a face. */
  card_id: number | null;
  face_id: number | null;
  address_id: number;
  resi_level: string;
  bank: number;
  node: number;
  gate_type: number;
  is_admin: Generated<number>;
  is_villa: Generated<number>;
  front_levels: JSONColumnType<string[], string, string>;
  back_levels: JSONColumnType<string[], string, string>;
  updated_at: Generated<Date>;
}

export interface CardTables {
  card: CardTable;
  card_gate: CardGateTable;
  face: FaceTable;
  face_gate: FaceGateTable;
  ladder_config: LadderConfigTable;
}
