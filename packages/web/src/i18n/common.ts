import { defineMessages } from '@gatehouse/contracts';
import catalogue from './common.json' with { type: 'json' };

/** UI texts shared by every screen. */
export const commonUi = defineMessages(catalogue);
