/**
 * The date formats of the wire, written once (dayjs tokens). Dates travel as yyyy/MM/dd HH:mm:ss
 * (001 §5, the server's zone); a day alone as yyyy/MM/dd, a month as yyyy/MM.
 */
export const DATE_TIME = 'YYYY/MM/DD HH:mm:ss';
export const DAY = 'YYYY/MM/DD';
export const MONTH = 'YYYY/MM';
/** The visitor records' filters (001 §2: yyyy-MM-dd HH:mm:ss). */
export const DATE_TIME_HYPHENS = 'YYYY-MM-DD HH:mm:ss';
/** A holiday's day (schedule table: YYYY-MM-DD). */
export const ISO_DAY = 'YYYY-MM-DD';
