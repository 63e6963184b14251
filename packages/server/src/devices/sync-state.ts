import { CMD_STATUS, PENDING_CMD_STATUSES } from '@gatehouse/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * What "in sync" means, everywhere (the overview's percentage, the door-unit lists' tags, the
 * device health): a door unit is in sync when none of its commands is pending (not sent, or
 * sent without an answer) and none has failed standing. A failure stands while it is the
 * newest command of its object on that unit: a resend or a later change of the same card,
 * face or file clears it; a failed command without an object (a remote open) stands until
 * it is resent.
 */

/** The command row `c` (an alias) is pending. */
export const isPending = (c: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${c}.status`)} in (${sql.join([...PENDING_CMD_STATUSES])})`;

/** The command row `c` (an alias) failed and no newer command of its object on its unit followed. */
export const isStandingFailure = (
  c: string,
): RawBuilder<boolean> => sql<boolean>`(${sql.ref(`${c}.status`)} = ${CMD_STATUS.failed} and not exists (
  select 1 from command n where n.device_id = ${sql.ref(`${c}.device_id`)} and n.object_key = ${sql.ref(`${c}.object_key`)}
    and ${sql.ref(`${c}.object_key`)} <> '' and n.id > ${sql.ref(`${c}.id`)}))`;

/** The device (a column reference) is in sync: no pending command, no standing failure. */
export const isInSync = (deviceId: string): RawBuilder<boolean> => sql<boolean>`not exists (
  select 1 from command m where m.device_id = ${sql.ref(deviceId)}
    and m.status in (${sql.join([...PENDING_CMD_STATUSES, CMD_STATUS.failed])})
    and (${isPending('m')} or ${isStandingFailure('m')}))`;
