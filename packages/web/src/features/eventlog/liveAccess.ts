import type { AccessLogRow, LiveAccess } from '@gatehouse/contracts';
import type { ListParams } from '../../shared/ListPage.tsx';

const contains = (value: string, part: unknown) => typeof part !== 'string' || value.toLowerCase().includes(part.toLowerCase());
const startsWith = (value: string, part: unknown) => typeof part !== 'string' || value.startsWith(part);
const equals = (value: number, want: unknown) => want === undefined || want === '' || Number(want) === value;

/**
 * Whether a live access event belongs on the page the access log shows: only the first
 * page in newest-first order, and only when it passes the filters in force — all of them
 * are checked here as the server checks them (names contain, account and card number
 * start with, codes equal; times compare as `yyyy/MM/dd HH:mm:ss` text).
 */
export function belongsOnPage(e: LiveAccess, p: ListParams): boolean {
  if (p.page !== 0) return false;
  if (p.sort && p.sort !== 'time') return false;
  if (p.order === 'asc') return false;
  return (
    contains(e.communityname, p.communityName) &&
    contains(e.addressName, p.addressName) &&
    contains(e.unlockUserName, p.unlockUserName) &&
    startsWith(e.account, p.account) &&
    startsWith(e.CARD_NUM, p.CARD_NUM) &&
    equals(e.type, p.type) &&
    equals(e.result, p.result) &&
    equals(e.CARD_MODE, p.CARD_MODE) &&
    (typeof p.validfrom !== 'string' || e.time >= p.validfrom) &&
    (typeof p.validto !== 'string' || e.time <= p.validto)
  );
}

/** The access-log row of a live event. */
export const accessRow = (e: LiveAccess): AccessLogRow => ({
  id: e.id,
  communityname: e.communityname,
  time: e.time,
  addressName: e.addressName,
  unlockUserName: e.unlockUserName,
  type: e.type,
  result: e.result,
  account: e.account,
  CARD_NUM: e.CARD_NUM,
  CARD_MODE: e.CARD_MODE,
  reason: e.reason,
});
