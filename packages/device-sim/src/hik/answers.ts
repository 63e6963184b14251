/** ISAPI's answer bodies as the emulated terminal writes them (ResponseStatus and its error codes). */

export interface Answer {
  status: number;
  body: unknown;
}

export const OK = { statusCode: 1, statusString: 'OK', subStatusCode: 'ok' };
export const err = (statusCode: number, statusString: string, subStatusCode: string, errorMsg = subStatusCode) => ({
  statusCode,
  statusString,
  subStatusCode,
  errorCode: 0x60000000 + statusCode,
  errorMsg,
});
export const BAD_JSON = err(6, 'Invalid Content', 'badJsonContent');

/** A request body read as a JSON object (null: not one). */
export function readJson(raw: Buffer): Record<string, unknown> | null {
  try {
    const v = JSON.parse(raw.toString('utf8')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The terminal's `timeZone` text (POSIX style: `CST-8:00:00` is UTC+8). */
export function tzName(offsetMin: number): string {
  const sign = offsetMin >= 0 ? '-' : '+';
  const a = Math.abs(offsetMin);
  return `CST${sign}${Math.floor(a / 60)}:${String(a % 60).padStart(2, '0')}:00`;
}
