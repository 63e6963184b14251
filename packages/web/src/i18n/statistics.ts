import { defineMessages } from '@gatehouse/contracts';

/** Statistics screen (/appcount). */
export const statisticsUi = defineMessages({
  'ui.stat.byMonth': { 'zh-CN': '按月', 'zh-TW': '按月', en: 'By month' },
  'ui.stat.byDay': { 'zh-CN': '按日', 'zh-TW': '按日', en: 'By day' },
  'ui.stat.thisYear': { 'zh-CN': '今年', 'zh-TW': '今年', en: 'This year' },
  'ui.stat.last6Months': { 'zh-CN': '最近六个月', 'zh-TW': '最近六個月', en: 'Last 6 months' },
  'ui.stat.last1Month': { 'zh-CN': '最近一个月', 'zh-TW': '最近一個月', en: 'Last 1 month' },
  'ui.stat.range': { 'zh-CN': '统计时间', 'zh-TW': '統計時間', en: 'Range' },
  'ui.stat.activity': { 'zh-CN': '日活记录', 'zh-TW': '日活記錄', en: 'Daily activity records' },
  'ui.stat.activitySeries': { 'zh-CN': '活动次数', 'zh-TW': '活動次數', en: 'Activities' },
  'ui.stat.talk': { 'zh-CN': '通话记录', 'zh-TW': '通話記錄', en: 'Talk records' },
  'ui.stat.callsMade': { 'zh-CN': '呼叫次数', 'zh-TW': '呼叫次數', en: 'Calls made' },
  'ui.stat.callsAnswered': { 'zh-CN': '接听次数', 'zh-TW': '接聽次數', en: 'Calls answered' },
  'ui.stat.monitor': { 'zh-CN': '监视记录', 'zh-TW': '監視記錄', en: 'Monitor records' },
  'ui.stat.monitorSeries': { 'zh-CN': '监视次数', 'zh-TW': '監視次數', en: 'Monitor sessions' },
  'ui.stat.total': { 'zh-CN': '合计', 'zh-TW': '合計', en: 'Total' },
  'ui.stat.empty': { 'zh-CN': '该时间段内没有记录', 'zh-TW': '該時間段內沒有記錄', en: 'No records in this range' },
});
