import { defineMessages } from '@gatehouse/contracts';

/** Access event log, entrance report and visitor pages (column titles and code labels are server keys `eventlog.*`). */
export const eventlogUi = defineMessages({
  'ui.eventlog.openFrom': { 'zh-CN': '开门时间起', 'zh-TW': '開門時間起', en: 'Opened from' },
  'ui.eventlog.openTo': { 'zh-CN': '开门时间止', 'zh-TW': '開門時間止', en: 'Opened to' },
  'ui.eventlog.validFrom': { 'zh-CN': '有效期起', 'zh-TW': '有效期起', en: 'Valid from' },
  'ui.eventlog.validTo': { 'zh-CN': '有效期止', 'zh-TW': '有效期止', en: 'Valid to' },
  'ui.eventlog.used': {
    'zh-CN': '已用 {{used}} / 共 {{total}}',
    'zh-TW': '已用 {{used}} / 共 {{total}}',
    en: '{{used}} of {{total}} used',
  },
});
