import { type Catalogue, type Lang, LANGS, MESSAGES, parseMsg } from '@gatehouse/contracts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { currentLocale } from '../session/store.ts';
import { accountUi } from './account.ts';
import { addressUi } from './address.ts';
import { alarmUi } from './alarm.ts';
import { attendanceUi } from './attendance.ts';
import { cardReaderUi } from './cardReader.ts';
import { cardUi, doorAssignUi, ladderUi } from './card.ts';
import { commonUi } from './common.ts';
import { communityUi } from './community.ts';
import { deviceUi } from './device.ts';
import { eventlogUi } from './eventlog.ts';
import { faceUi } from './face.ts';
import { messageUi } from './message.ts';
import { noticeUi } from './notice.ts';
import { sessionUi } from './session.ts';
import { shellUi } from './shell.ts';
import { statisticsUi } from './statistics.ts';
import { totpUi } from './totp.ts';

/** Every catalogue of the browser: server messages (contracts) and UI texts. Areas add theirs here. */
const CATALOGUES: Catalogue[] = [
  MESSAGES,
  commonUi,
  shellUi,
  sessionUi,
  messageUi,
  accountUi,
  deviceUi,
  communityUi,
  addressUi,
  statisticsUi,
  eventlogUi,
  noticeUi,
];
CATALOGUES.push(doorAssignUi, ladderUi, cardUi);
CATALOGUES.push(cardReaderUi);
CATALOGUES.push(faceUi);
CATALOGUES.push(attendanceUi);
CATALOGUES.push(totpUi);
CATALOGUES.push(alarmUi);

function resources() {
  const out: Record<string, { translation: Record<string, string> }> = {};
  for (const lang of LANGS) {
    const translation: Record<string, string> = {};
    for (const c of CATALOGUES) for (const [k, v] of Object.entries(c)) translation[k] = v[lang];
    out[lang] = { translation };
  }
  return out;
}

i18next.use(initReactI18next).init({
  resources: resources(),
  lng: currentLocale(),
  fallbackLng: 'zh-CN',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Translates a key or a message reference (key::params, '@key' params translated first). */
export function tr(ref: string, params?: Record<string, unknown>): string {
  const parsed = parseMsg(ref);
  const all: Record<string, unknown> = { ...(parsed.params ?? {}), ...(params ?? {}) };
  for (const [k, v] of Object.entries(all)) if (typeof v === 'string' && v.startsWith('@')) all[k] = i18next.t(v.slice(1));
  return i18next.t(parsed.key, all);
}

/** The hook pages use: `const { t, lang } = useT()`. */
export function useT() {
  const { i18n } = useTranslation();
  return { t: tr, lang: i18n.language as Lang };
}

export const changeLocale = (lang: Lang) => i18next.changeLanguage(lang);
export { i18next };
