import { defineMessages } from './define.ts';
import catalogue from './oplog.json' with { type: 'json' };

/** Operation log screen and export. */
export const oplogMessages = defineMessages(catalogue);
