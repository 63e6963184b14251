import { defineMessages } from './define.ts';
import catalogue from './account.json' with { type: 'json' };

/** Accounts, menu permissions, account import and migration (000 §2, §4, §5, §6). */
export const accountMessages = defineMessages(catalogue);
