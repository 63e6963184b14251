import type { ColumnType, Generated } from 'kysely';

/** An administrator's authenticator secret (base32); enabled_at is null while enrolment is pending. */
export interface AccountTotpTable {
  account_id: number;
  secret: string;
  enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** bigint: read back as a string by pg, as a number by PGlite. */
  last_step: ColumnType<string | number, string | number | undefined, string | number>;
  created_at: Generated<Date>;
}

/** A single-use recovery code of an administrator (sha-256 of the code). */
export interface AccountRecoveryCodeTable {
  id: Generated<number>;
  account_id: number;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SecondFactorTables {
  account_totp: AccountTotpTable;
  account_recovery_code: AccountRecoveryCodeTable;
}
