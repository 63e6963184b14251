import { defineMessages } from './define.ts';

/** Property notices. */
export const noticeMessages = defineMessages({
  'f.notice.content': { 'zh-CN': '内容', 'zh-TW': '內容', en: 'content' },
  'f.notice.validfrom': { 'zh-CN': '生效时间', 'zh-TW': '生效時間', en: 'effective time' },
  'f.notice.validto': { 'zh-CN': '失效时间', 'zh-TW': '失效時間', en: 'expiry time' },
  'notice.fileTooLarge': {
    'zh-CN': '{{name}}超过10M，不允许上传',
    'zh-TW': '{{name}}超過10M，不允許上傳',
    en: '{{name}} exceeds 10M and is not allowed',
  },
  'notice.tooManyFiles': {
    'zh-CN': '最多上传{{max}}个文件',
    'zh-TW': '最多上傳{{max}}個檔案',
    en: 'At most {{max}} files can be uploaded',
  },
  'op.notice.add': { 'zh-CN': '新增通知：{{title}}', 'zh-TW': '新增通知：{{title}}', en: 'Added notice: {{title}}' },
  'op.notice.delete': { 'zh-CN': '删除通知：{{title}}', 'zh-TW': '刪除通知：{{title}}', en: 'Deleted notice: {{title}}' },
});
