import { defineMessages } from '@gatehouse/contracts';
import catalogue from './datareq.json' with { type: 'json' };

/** A person's data export and retention (issue 35 items 2 and 4; section and column titles are server keys `datareq.*`). */
export const datareqUi = defineMessages(catalogue);
