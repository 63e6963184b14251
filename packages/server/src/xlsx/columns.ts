import type { ImportColumn } from './import-runner.ts';

/** A column whose header key is `<prefix>.<key>`, or `[key, name]` when the header is `<prefix>.<name>`. */
export type ColumnEntry = string | readonly [key: string, header: string];

/** The hardware Yes/No columns of a door unit (address and device pool sheets): field, then header name. */
export const HARDWARE_COLUMNS: readonly ColumnEntry[] = [
  ['faceSupported', 'face'],
  ['qrcodeSupported', 'qrcode'],
  ['cardSupported', 'card'],
  ['pwdSupported', 'password'],
];

/** The columns of a sheet, in order, with their header keys under one catalogue prefix. */
export function importColumns(prefix: string, entries: readonly ColumnEntry[]): ImportColumn[] {
  return entries.map((e) => {
    const [key, name] = typeof e === 'string' ? [e, e] : e;
    return { key, header: `${prefix}.${name}` };
  });
}
