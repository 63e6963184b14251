import { defineMessages } from './define.ts';
import catalogue from './community.json' with { type: 'json' };

/** Communities (projects), enterprises, covers and attendance rules (000 §5, 001 §3, §5). */
export const communityMessages = defineMessages(catalogue);
