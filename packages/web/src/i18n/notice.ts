import { defineMessages } from '@gatehouse/contracts';

/** Property notices screen and dialog. */
export const noticeUi = defineMessages({
  'ui.notice.title': { 'zh-CN': '标题', 'zh-TW': '標題', en: 'Title' },
  'ui.notice.content': { 'zh-CN': '内容', 'zh-TW': '內容', en: 'Content' },
  'ui.notice.community': { 'zh-CN': '社区', 'zh-TW': '社區', en: 'Community' },
  'ui.notice.validfrom': { 'zh-CN': '生效时间', 'zh-TW': '生效時間', en: 'Effective time' },
  'ui.notice.validto': { 'zh-CN': '失效时间', 'zh-TW': '失效時間', en: 'Expiry time' },
  'ui.notice.creator': { 'zh-CN': '创建人', 'zh-TW': '建立人', en: 'Creator' },
  'ui.notice.createDate': { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
  'ui.notice.files': { 'zh-CN': '附件', 'zh-TW': '附件', en: 'Attachments' },
  'ui.notice.add': { 'zh-CN': '新增通知', 'zh-TW': '新增通知', en: 'Add notice' },
  'ui.notice.pickFiles': { 'zh-CN': '选择附件', 'zh-TW': '選擇附件', en: 'Choose attachments' },
  'ui.notice.filesHint': {
    'zh-CN': '最多10个文件，每个不超过10M',
    'zh-TW': '最多10個檔案，每個不超過10M',
    en: 'Up to 10 files, each at most 10M',
  },
});
