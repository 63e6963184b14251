import { defineMessages } from './define.ts';
import catalogue from './live-ops.json' with { type: 'json' };

/** Emergency modes, remote open and webhooks (docs/live-operations.md). */
export const liveOpsMessages = defineMessages(catalogue);
