import { defineMessages } from '@gatehouse/contracts';
import catalogue from './shell.json' with { type: 'json' };

/** The application shell: header, menus, dialogs, error pages. */
export const shellUi = defineMessages(catalogue);
