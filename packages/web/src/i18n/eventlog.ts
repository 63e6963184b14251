import { defineMessages } from '@gatehouse/contracts';
import catalogue from './eventlog.json' with { type: 'json' };

/** Access event log, entrance report and visitor pages (column titles and code labels are server keys `eventlog.*`). */
export const eventlogUi = defineMessages(catalogue);
