import { z } from 'zod';
import { SETTABLE_EMERGENCY_MODES, WEBHOOK_KINDS } from '../live-ops.ts';
import { msg } from '../messages/define.ts';
import { idList, optInt, optStr, paging, reqInt, reqStr, withT } from './common.ts';

/** Form-encoded fields arrive as strings; an empty field counts as absent. */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Most characters of an emergency reason. */
export const EMERGENCY_REASON_MAX = 200;
/** Most characters of a webhook URL and description. */
export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 100;

/** Sets an emergency mode on a whole community (no addressId) or on one door unit of it. */
export const emergencySetInput = z.object({
  communityId: reqInt('f.communityID', true),
  addressId: optInt('f.doorUnit'),
  mode: z.preprocess(blank, z.enum(SETTABLE_EMERGENCY_MODES, { error: msg('v.choose', { field: '@f.emergencyMode' }) })),
  reason: reqStr('f.emergencyReason', EMERGENCY_REASON_MAX),
});

/** Lifts an active emergency mode (by its id); the reason is optional. */
export const emergencyLiftInput = z.object({
  id: reqInt('f.id'),
  reason: optStr('f.emergencyReason', EMERGENCY_REASON_MAX),
});

export const emergencyActiveInput = z.object(withT);

/** Opens the door of one door unit now. */
export const doorOpenInput = z.object({ addressId: reqInt('f.doorUnit') });

/** A webhook URL: http or https, at most WEBHOOK_URL_MAX characters (the server also checks where it resolves). */
export const webhookUrlField = reqStr('f.webhookUrl', WEBHOOK_URL_MAX).refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}, msg('webhook.err.url'));

/** The event kinds of a webhook: repeated or comma-separated, at least one, each known. */
export const webhookKindsField = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined || v === null ? [] : [v])
      .map((x) => String(x).trim())
      .filter(Boolean),
  z
    .array(z.string())
    .min(1, msg('v.choose', { field: '@f.webhookKinds' }))
    .max(WEBHOOK_KINDS.length, msg('webhook.err.kind'))
    .refine((list) => list.every((k) => (WEBHOOK_KINDS as readonly string[]).includes(k)), msg('webhook.err.kind'))
    .transform((list) => [...new Set(list)] as (typeof WEBHOOK_KINDS)[number][]),
);

export const webhookCreateInput = z.object({
  url: webhookUrlField,
  kinds: webhookKindsField,
  description: optStr('f.webhookDescription', WEBHOOK_DESCRIPTION_MAX),
});

export const webhookUpdateInput = webhookCreateInput.extend({
  id: reqInt('f.id'),
  /** 1 enables (and clears the failure count), 0 disables. */
  enabled: z.preprocess(blank, z.enum(['0', '1'], { error: msg('v.invalid', { field: '@f.webhookEnabled' }) }).optional()),
});

export const webhookIdInput = z.object({ id: reqInt('f.id') });
export const webhookIdsInput = z.object({ ids: idList('f.ids') });
export const webhookListInput = z.object(withT);
export const webhookDeliveriesInput = z.object({ ...withT, webhookId: reqInt('f.id'), ...paging(['id']) });
