import { defineMessages } from './define.ts';

/** Operation log screen and export. */
export const oplogMessages = defineMessages({
  'f.menu1': { 'zh-CN': '一级菜单', 'zh-TW': '一級選單', en: 'first menu' },
  'f.menu2': { 'zh-CN': '二级菜单', 'zh-TW': '二級選單', en: 'second menu' },
  'oplog.sheet': { 'zh-CN': '操作日志', 'zh-TW': '操作日誌', en: 'Operation log' },
  'oplog.col.name1': { 'zh-CN': '一级菜单', 'zh-TW': '一級選單', en: 'First menu' },
  'oplog.col.name2': { 'zh-CN': '二级菜单', 'zh-TW': '二級選單', en: 'Second menu' },
  'oplog.col.name': { 'zh-CN': '操作内容', 'zh-TW': '操作內容', en: 'Operation' },
  'oplog.col.regno': { 'zh-CN': '操作账号', 'zh-TW': '操作帳號', en: 'Account' },
  'oplog.col.addtime': { 'zh-CN': '操作时间', 'zh-TW': '操作時間', en: 'Time' },
  'oplog.col.changes': { 'zh-CN': '变更', 'zh-TW': '變更', en: 'Changes' },
});
