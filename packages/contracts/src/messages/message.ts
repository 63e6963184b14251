import { defineMessages } from './define.ts';

/** Message management (import history). */
export const messageMessages = defineMessages({
  'f.title': { 'zh-CN': '标题', 'zh-TW': '標題', en: 'title' },
  'f.startTime': { 'zh-CN': '开始时间', 'zh-TW': '開始時間', en: 'start time' },
  'f.endTime': { 'zh-CN': '结束时间', 'zh-TW': '結束時間', en: 'end time' },
  'message.type.0': { 'zh-CN': '账号导入', 'zh-TW': '帳號匯入', en: 'Account import' },
  'message.type.1': { 'zh-CN': '地址导入', 'zh-TW': '地址匯入', en: 'Address import' },
  'message.type.2': { 'zh-CN': '表格导入', 'zh-TW': '表格匯入', en: 'Meter table import' },
  'message.type.3': { 'zh-CN': '设备导入', 'zh-TW': '設備匯入', en: 'Device import' },
  'message.noFile': { 'zh-CN': '该消息没有附件', 'zh-TW': '該訊息沒有附件', en: 'This message has no file' },
  'op.message.delete': { 'zh-CN': '删除消息：{{title}}', 'zh-TW': '刪除訊息：{{title}}', en: 'Deleted message: {{title}}' },
});
