import { type Catalogue, type Lang, MESSAGES } from '@gatehouse/contracts';
import { accountUi } from './account.ts';
import { addressUi } from './address.ts';
import { alarmUi } from './alarm.ts';
import { attendanceUi } from './attendance.ts';
import { cardReaderUi } from './cardReader.ts';
import { cardUi } from './card.ts';
import { commonUi } from './common.ts';
import { communityUi } from './community.ts';
import { deviceUi } from './device.ts';
import { eventlogUi } from './eventlog.ts';
import { faceUi } from './face.ts';
import { messageUi } from './message.ts';
import { noticeUi } from './notice.ts';
import { reviewUi } from './review.ts';
import { datareqUi } from './datareq.ts';
import { privacyUi } from './privacy.ts';
import { rulesUi } from './rules.ts';
import { sessionUi } from './session.ts';
import { shellUi } from './shell.ts';
import { statisticsUi } from './statistics.ts';
import { totpUi } from './totp.ts';
import { emergencyUi } from './emergency.ts';
import { webhookUi } from './webhook.ts';
import { liveUi } from './live.ts';

/**
 * Every catalogue of the browser: server messages (contracts) and UI texts. Areas add theirs here.
 * The browser never loads this module: the build turns it into one small module per language
 * (build/catalogues.ts), and i18n/index.ts loads the one of the language in use.
 */
export const CATALOGUES: Catalogue[] = [
  MESSAGES,
  commonUi,
  shellUi,
  sessionUi,
  messageUi,
  accountUi,
  deviceUi,
  liveUi,
  communityUi,
  addressUi,
  statisticsUi,
  eventlogUi,
  noticeUi,
  rulesUi,
  cardUi,
  cardReaderUi,
  faceUi,
  attendanceUi,
  totpUi,
  alarmUi,
  reviewUi,
  privacyUi,
  emergencyUi,
  webhookUi,
  datareqUi,
];

/**
 * Server messages only the server puts in words (it sends envelopes' messages rendered): op-log
 * contents, export columns and sheet names, SMS texts. The browser's texts leave them out.
 */
export const SERVER_ONLY = ['op.', 'col.', 'sheet.', 'sms.'];

/** One language's texts, key by key: what `virtual:gatehouse-catalogue/<lang>` carries (build/catalogues.ts). */
export function flatCatalogue(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of CATALOGUES) for (const [k, v] of Object.entries(c)) if (!SERVER_ONLY.some((p) => k.startsWith(p))) out[k] = v[lang];
  return out;
}
