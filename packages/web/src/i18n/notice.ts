import { defineMessages } from '@gatehouse/contracts';
import catalogue from './notice.json' with { type: 'json' };

/** Property notices screen and dialog. */
export const noticeUi = defineMessages(catalogue);
