import { defineMessages } from '@gatehouse/contracts';

/** Alarm records page (column titles and kinds are server keys `alarm.*`). */
export const alarmUi = defineMessages({
  'ui.alarm.acknowledge': { 'zh-CN': '处理', 'zh-TW': '處理', en: 'Acknowledge' },
  'ui.alarm.acknowledgeSelected': { 'zh-CN': '批量处理', 'zh-TW': '批次處理', en: 'Acknowledge selected' },
  'ui.alarm.ackTitle': { 'zh-CN': '处理报警（{{n}} 条）', 'zh-TW': '處理警報（{{n}} 筆）', en: 'Acknowledge {{n}} alarm(s)' },
  'ui.alarm.notePlaceholder': { 'zh-CN': '例如：保安已到场检查', 'zh-TW': '例如：保全已到場檢查', en: 'e.g. guard checked the door' },
  'ui.alarm.state': { 'zh-CN': '处理状态', 'zh-TW': '處理狀態', en: 'Acknowledgement' },
  'ui.alarm.pending': { 'zh-CN': '未处理', 'zh-TW': '未處理', en: 'Not acknowledged' },
  'ui.alarm.done': { 'zh-CN': '已处理', 'zh-TW': '已處理', en: 'Acknowledged' },
  'ui.alarm.stillOffline': { 'zh-CN': '仍离线', 'zh-TW': '仍離線', en: 'Still offline' },
});
