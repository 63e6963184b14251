import { z } from 'zod';
import { COMMUNITY_TYPE, PUNCH_COUNTS, RULE_VTYPE } from '../codes.ts';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { isLoosePhone } from '../patterns.ts';
import { idList, optInt, optStr, paging, reqInt, reqStr, withT } from './common.ts';

const oneOf = (field: string, values: readonly number[]) =>
  reqInt(field, true).refine((v) => values.includes(v), msg('v.invalid', { field: `@${field}` }));
const optOneOf = (field: string, values: readonly number[]) =>
  optInt(field).refine((v) => v === undefined || values.includes(v), msg('v.invalid', { field: `@${field}` }));

/** A server address: host name or IP, optionally with a port (000 §3 "ip"). */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

export const communityPageInput = z.object({
  ...withT,
  name: optStr('f.comm.name', 200),
  location: optStr('f.comm.location', 200),
  address: optStr('f.comm.address', 200),
  type: optOneOf('f.comm.type', [0, 1]),
  ...paging(['name', 'location', 'address', 'deviceNum', 'addressNum', 'type']),
});

export const communityIdInput = z.object({ ...withT, id: reqInt('f.id') });
export const communityIdsInput = z.object({ ids: idList() });
export const communityOfInput = z.object({ ...withT, communityId: reqInt('f.community', true) });
export const communityNamesInput = z.object({ ...withT, name: optStr('f.comm.name', 200) });

const communityFields = {
  name: reqStr('f.comm.name', LIMITS.communityName),
  location: reqStr('f.comm.location', LIMITS.location),
  address: reqStr('f.comm.address', LIMITS.communityAddress),
  engineerIdList: idList('f.comm.engineers'),
  ip: optStr('f.comm.ip', 100).refine((v) => v === undefined || HOST.test(v), msg('v.invalid', { field: '@f.comm.ip' })),
  type: optOneOf('f.comm.type', [0, 1]),
  regNo: optStr('f.comm.regNo', 20).refine((v) => v === undefined || isLoosePhone(v), msg('v.phone')),
};

const enterpriseNeedsRegNo = <T extends { type?: number; regNo?: string }>(v: T) => v.type !== COMMUNITY_TYPE.enterprise || !!v.regNo;
const regNoIssue = { message: msg('comm.regNoRequired'), path: ['regNo'] };

export const createCommunityInput = z.object(communityFields).refine(enterpriseNeedsRegNo, regNoIssue);
export const updateCommuInput = z.object({ communityid: reqInt('f.id'), ...communityFields }).refine(enterpriseNeedsRegNo, regNoIssue);

// ---- enterprise list (001 §2 "Enterprise list", §5 "Enterprise edit") ----

export const enterprisePageInput = z.object({
  ...withT,
  userPhone: optStr('f.comm.regNo', 20),
  communityName: optStr('f.comm.name', 200),
  communityLocation: optStr('f.comm.location', 200),
  ...paging(['name', 'regNo', 'location', 'address', 'deviceNum']),
});

/** The registration number is read-only: it is not part of the edit. */
export const updateEnterpriseInput = z.object({
  communityid: reqInt('f.id'),
  name: reqStr('f.comm.name', LIMITS.communityName),
  location: reqStr('f.comm.location', LIMITS.location),
  address: reqStr('f.comm.address', LIMITS.communityAddress),
});

// ---- covers (000 §5 "Cover upload", 001 §5) ----

export const uploadCommunityFilesInput = z
  .object({
    communityId: reqInt('f.community', true),
    func: z.enum(['add', 'del'], { error: msg('v.invalid', { field: '@f.comm.func' }) }),
    fileId: optInt('f.comm.fileId'),
  })
  .refine((v) => v.func !== 'del' || v.fileId !== undefined, { message: msg('v.choose', { field: '@f.comm.fileId' }), path: ['fileId'] });

export const coverFileInput = z.object({ ...withT, fileId: reqInt('f.comm.fileId') });

/** What the browser checks before sending a cover (the server checks the content again). */
export const isJpegName = (name: string): boolean => /\.(jpe?g)$/i.test(name);

// ---- attendance rule (001 §3 "Attendance rule", §4, §5) ----

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const optTime = (field: string) =>
  optStr(field, 8).refine((v) => v === undefined || TIME.test(v), msg('v.invalid', { field: `@${field}` }));

export const createCommunityRuleInput = z
  .object({
    communityid: reqInt('f.community', true),
    vtype: oneOf('f.rule.vtype', [RULE_VTYPE.custom, RULE_VTYPE.standard]),
    type: optOneOf('f.rule.type', [0, ...PUNCH_COUNTS]),
    starttime: optTime('f.rule.starttime'),
    endtime: optTime('f.rule.endtime'),
    mstarttime: optTime('f.rule.mstarttime'),
    mendtime: optTime('f.rule.mendtime'),
    pstarttime: optTime('f.rule.pstarttime'),
    pendtime: optTime('f.rule.pendtime'),
  })
  .superRefine((v, ctx) => {
    if (v.vtype !== RULE_VTYPE.custom) return;
    const count = v.type ?? 0;
    if (!PUNCH_COUNTS.includes(count as 2)) {
      ctx.addIssue({ code: 'custom', message: msg('v.choose', { field: '@f.rule.type' }), path: ['type'] });
      return;
    }
    const pairs: [keyof typeof v, keyof typeof v][] = [['starttime', 'endtime']];
    if (count >= 4) pairs.push(['mstarttime', 'mendtime']);
    if (count >= 6) pairs.push(['pstarttime', 'pendtime']);
    for (const [s, e] of pairs) {
      for (const k of [s, e]) {
        if (!v[k]) ctx.addIssue({ code: 'custom', message: msg('v.required', { field: `@f.rule.${k}` }), path: [k] });
      }
      const a = v[s];
      const b = v[e];
      if (typeof a === 'string' && typeof b === 'string' && a.padEnd(8, ':00') >= b.padEnd(8, ':00')) {
        ctx.addIssue({ code: 'custom', message: msg('rule.order', { start: `@f.rule.${s}`, end: `@f.rule.${e}` }), path: [e] });
      }
    }
  });
