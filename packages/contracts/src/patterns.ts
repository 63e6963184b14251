/** Phone and password rules of spec 000 §5. */
export const MAINLAND_PHONE = /^1[3-9]\d{9}$/;
/** Device list phone rule (001 §5): starts 13 to 19, 11 digits. */
export const DEVICE_LIST_PHONE = /^1[3-9]\d{9}$/;
export const DIGITS = /^\d+$/;
/** New password: starts with a letter, 6 to 10 letters, digits, hyphen or underscore. */
export const LOGIN_PASSWORD = /^[A-Za-z][A-Za-z0-9_-]{5,9}$/;

/** Dial codes whose numbers are checked as 10 digits (e.g. Israel 972). */
const TEN_DIGIT_DIAL_CODES = new Set(['972']);

/**
 * Valid phone number for a dial code. Mainland China (86, or none) uses the
 * mainland pattern; 10-digit countries use a 10-digit check; any other country
 * accepts 6 to 15 digits (E.164 national significant number).
 */
export function isValidPhone(phone: string, dialCode = '86'): boolean {
  const code = dialCode.replace(/^\+/, '');
  if (!DIGITS.test(phone)) return false;
  if (code === '86' || code === '') return MAINLAND_PHONE.test(phone);
  if (TEN_DIGIT_DIAL_CODES.has(code)) return /^\d{10}$/.test(phone);
  return /^\d{6,15}$/.test(phone);
}

/** Accepts a mainland mobile or a 10-digit number (the basic-info rule). */
export const isLoosePhone = (phone: string): boolean => MAINLAND_PHONE.test(phone) || /^\d{10}$/.test(phone);
/** An authenticator code (6 digits) and a recovery code: two groups of five base32 letters and digits, e.g. "k3m7q-x2p4a". */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^[0-9A-Fa-f:.]{2,45}$/;

/** A vendor door unit's address (Hikvision ISAPI): a host name, an IPv4 address or an IPv6 address (no brackets, no port). */
export function isUnitHost(v: string): boolean {
  if (v.includes(':')) return IPV6.test(v) && (v.match(/::/g)?.length ?? 0) <= 1 && v.split(':').length <= 8 + 1;
  if (/^[\d.]+$/.test(v)) return IPV4.test(v);
  return HOSTNAME.test(v);
}
