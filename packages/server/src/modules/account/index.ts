import type { Area } from '../area.ts';
import { accountDependent } from './dependents.ts';
import { accountHandlers } from './routes.ts';

/** What the account area contributes (collected in modules/index.ts). */
export const accountArea: Area = {
  name: 'account',
  handlers: accountHandlers,
  dependents: [accountDependent],
};
