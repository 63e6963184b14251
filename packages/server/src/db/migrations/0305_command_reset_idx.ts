import { sqlIndexesMigration } from './schema.ts';

/**
 * Each device's full configurations (`device.reset`) by id: a move-out's progress asks, for every
 * one of its commands, for the first reset after it (modules/review/moveout.ts); without this
 * each of them read all the device's later commands (a 66,000-card move-out: minutes).
 */
export const { up, down } = sqlIndexesMigration([['command_reset_idx', `command (device_id, id) where kind = 'device.reset'`]]);
