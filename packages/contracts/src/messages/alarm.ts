import { defineMessages } from './define.ts';

/** Alarm records (Event log › Alarm records): kinds, filters, columns, acknowledgement. */
export const alarmMessages = defineMessages({
  'alarm.kind.forced': { 'zh-CN': '强行开门', 'zh-TW': '強行開門', en: 'Door forced open' },
  'alarm.kind.heldOpen': { 'zh-CN': '门未关', 'zh-TW': '門未關', en: 'Door held open' },
  'alarm.kind.tamper': { 'zh-CN': '防拆报警', 'zh-TW': '防拆警報', en: 'Tamper' },
  'alarm.kind.duress': { 'zh-CN': '胁迫报警', 'zh-TW': '脅迫警報', en: 'Duress' },
  'alarm.kind.offline': { 'zh-CN': '设备离线', 'zh-TW': '設備離線', en: 'Device offline' },

  'f.alarmKind': { 'zh-CN': '报警类型', 'zh-TW': '警報類型', en: 'alarm type' },
  'f.acknowledged': { 'zh-CN': '处理状态', 'zh-TW': '處理狀態', en: 'acknowledgement' },
  'f.alarmNote': { 'zh-CN': '处理说明', 'zh-TW': '處理說明', en: 'note' },

  'alarm.sheet': { 'zh-CN': '报警记录', 'zh-TW': '報警記錄', en: 'Alarm records' },
  'alarm.col.time': { 'zh-CN': '报警时间', 'zh-TW': '警報時間', en: 'Time' },
  'alarm.col.kind': { 'zh-CN': '报警类型', 'zh-TW': '警報類型', en: 'Alarm' },
  'alarm.col.communityName': { 'zh-CN': '社区名称', 'zh-TW': '社區名稱', en: 'Community' },
  'alarm.col.addressName': { 'zh-CN': '地址', 'zh-TW': '地址', en: 'Address' },
  'alarm.col.deviceName': { 'zh-CN': '门口机', 'zh-TW': '門口機', en: 'Door unit' },
  'alarm.col.clearedAt': { 'zh-CN': '恢复在线', 'zh-TW': '恢復上線', en: 'Back online' },
  'alarm.col.acknowledgedBy': { 'zh-CN': '处理人', 'zh-TW': '處理人', en: 'Acknowledged by' },
  'alarm.col.acknowledgedAt': { 'zh-CN': '处理时间', 'zh-TW': '處理時間', en: 'Acknowledged at' },
  'alarm.col.note': { 'zh-CN': '处理说明', 'zh-TW': '處理說明', en: 'Note' },

  'alarm.acknowledged': { 'zh-CN': '已处理 {{n}} 条报警', 'zh-TW': '已處理 {{n}} 筆警報', en: 'Acknowledged {{n}} alarm(s)' },
  'alarm.err.alreadyAcknowledged': {
    'zh-CN': '所选报警已有处理记录，请刷新后重试',
    'zh-TW': '所選警報已有處理記錄，請重新整理後再試',
    en: 'An alarm of the selection is already acknowledged; refresh and try again',
  },
  'op.alarm.ack': { 'zh-CN': '处理报警：{{ids}}', 'zh-TW': '處理警報：{{ids}}', en: 'Acknowledged alarms: {{ids}}' },
});
