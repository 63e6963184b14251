/** Business constants and limits of spec 000 §9 and 001 §9. One fact, one place. */
export const LIMITS = {
  pageSizes: [50, 100, 200] as const,
  defaultPageSize: 50,
  opLogPageSizes: [20, 100, 200] as const,
  opLogDefaultPageSize: 20,
  maxPageSize: 200,
  requestTimeoutMs: 10_000,
  messagePollMs: 100_000,
  resendCountdownSec: 60,
  captchaLength: 6,
  smsCodeLength: 6,
  smsCodeTtlSec: 300,
  headerCommunityNameChars: 20,
  communityName: 50,
  location: 150,
  communityAddress: 150,
  userName: 15,
  /** An account (its phone number), as its column holds it. */
  regNo: 20,
  accountPassword: 20,
  changePassword: 50,
  loginPasswordMin: 6,
  loginPasswordMax: 10,
  address: 200,
  shortName: 100,
  callCode: 20,
  serialNumber: 50,
  deviceListSerial: 150,
  /** A card number (the spec's `cardid`). */
  cardNo: 10,
  /** A door unit's entry note (card or face). */
  entryInfo: 200,
  /** A mainland mobile number's digits (MAINLAND_PHONE). */
  mainlandPhone: 11,
  /** An authenticator code (TOTP_CODE) and a recovery code (RECOVERY_CODE), as typed. */
  totpCode: 6,
  recoveryCode: 11,
  /** Default validity of a card on a door unit: from now to now plus this many years (001 §9). */
  cardValidityYears: 10,
  noticeContent: 2500,
  noticeFiles: 10,
  noticeFileBytes: 10 * 1024 * 1024,
  coverImages: 3,
  coverBytes: 1024 * 1024,
  facePhotoBytes: 1024 * 1024,
  defaultFaceLimit: 6,
  defaultResidentLimit: 3,
  doorUnitRefreshMs: 30_000,
  cardPollMs: 1_000,
  deviceSearchMax: 200,
} as const;

/** Table height by window height (000 §9). */
export const tableHeightFor = (windowHeight: number): number => (windowHeight <= 600 ? 360 : windowHeight <= 800 ? 460 : 560);

/**
 * Limits of an uploaded spreadsheet (every import), checked while it is read, before
 * anything is held: a file over any of them is refused with a message naming the limit.
 */
export const IMPORT_LIMITS = {
  /** Data rows of one import (rows after the header that hold a value). */
  rows: 200_000,
  /** Problems an import's report lists one by one; the rest are counted per kind (ImportReport). */
  reportedErrors: 1000,
  /** The highest row number a sheet may use (Excel's own sheet height). */
  rowNumber: 1_048_576,
  /** Characters of one cell (Excel's own cell limit). */
  cellChars: 32_767,
  /** Columns read from each row; cells to the right of them are ignored (templates have at most 10). */
  columns: 64,
  /** Distinct texts (shared strings) of one file. */
  sharedStrings: 1_000_000,
  /** Unpacked size of one part of the file (a sheet, the shared-string table). */
  partBytes: 64 * 1024 * 1024,
  /** Unpacked size of the whole file. */
  unzippedBytes: 128 * 1024 * 1024,
  /** Parts (zip entries) of one file. */
  parts: 1_000,
} as const;

/** Decoded size of an image (cover, face photo): width x height. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Access rules (issue 13): weekly schedules, holidays, access groups per community. */
export const RULES_LIMITS = {
  /** Stored schedules of one community (the built-in "Always" is not counted). */
  schedulesPerCommunity: 32,
  /** Intervals of one weekday. */
  intervalsPerDay: 4,
  holidaysPerCommunity: 366,
  groupsPerCommunity: 200,
  /** Door units of one group. */
  unitsPerGroup: 500,
  /** Members a group's page lists (the counts are whole); candidates found at once. */
  membersShown: 200,
  candidatesShown: 20,
  /** Length of a schedule's, holiday's or group's name. */
  name: 50,
  /** A time of day as typed in the week grid, HH:mm. */
  timeOfDay: 5,
} as const;
