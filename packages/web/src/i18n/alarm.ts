import { defineMessages } from '@gatehouse/contracts';
import catalogue from './alarm.json' with { type: 'json' };

/** Alarm records page (column titles and kinds are server keys `alarm.*`). */
export const alarmUi = defineMessages(catalogue);
