import { defineMessages } from '@gatehouse/contracts';
import catalogue from './community.json' with { type: 'json' };

/** Project configuration, enterprise list, covers. */
export const communityUi = defineMessages(catalogue);
