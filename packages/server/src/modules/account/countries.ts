import { createRequire } from 'node:module';
import type { Country } from '@gatehouse/contracts';
import type { Countries, IntlDirectDialingCode } from 'world-countries';

/**
 * The country list of the area-code select (000 §3 "Country list entry"), from the
 * maintained world-countries data set (ISO 3166 codes, names in Chinese and
 * English, international dialling codes). Loaded once, on first use.
 */
let cache: { list: Country[]; dialCodes: Set<string> } | null = null;

/** "+8" with suffix "6" is 86; a root with many suffixes (+1 for NANP, +7) is the root itself. */
const dialCode = (idd: IntlDirectDialingCode): string =>
  `${idd.root}${idd.suffixes.length === 1 ? idd.suffixes[0] : ''}`.replace(/^\+/, '');

function load() {
  if (cache) return cache;
  const data = createRequire(import.meta.url)('world-countries') as Countries;
  const list = data
    .filter((c) => c.idd.root)
    .map((c) => ({ code: c.cca2, zh: c.translations.zho?.common ?? c.name.common, en: c.name.common, tel: dialCode(c.idd) }))
    .sort((a, b) => (a.tel === '86' ? -1 : b.tel === '86' ? 1 : a.en.localeCompare(b.en)));
  cache = { list, dialCodes: new Set(list.map((c) => c.tel)) };
  return cache;
}

export const countryList = (): Country[] => load().list;
export const isKnownDialCode = (code: string): boolean => load().dialCodes.has(code.replace(/^\+/, ''));
export const normalizeDialCode = (code: string): string => code.replace(/^\+/, '');
