import { defineMessages } from '@gatehouse/contracts';

/** Message management screen. */
export const messageUi = defineMessages({
  'ui.message.title': { 'zh-CN': '标题', 'zh-TW': '標題', en: 'Title' },
  'ui.message.content': { 'zh-CN': '内容', 'zh-TW': '內容', en: 'Content' },
  'ui.message.type': { 'zh-CN': '导入类型', 'zh-TW': '匯入類型', en: 'Import type' },
  'ui.message.createDate': { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
  'ui.message.creator': { 'zh-CN': '创建人', 'zh-TW': '建立人', en: 'Creator' },
  'ui.message.community': { 'zh-CN': '社区', 'zh-TW': '社區', en: 'Community' },
  'ui.message.download': { 'zh-CN': '下载', 'zh-TW': '下載', en: 'Download' },
});
