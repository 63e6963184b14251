import { defineMessages } from './define.ts';

/** Statistics screen (/appcount): range rules and chart texts. */
export const statisticsMessages = defineMessages({
  'stat.f.jsonData': { 'zh-CN': '统计条件', 'zh-TW': '統計條件', en: 'statistics range' },
  'stat.f.start': { 'zh-CN': '开始日期', 'zh-TW': '開始日期', en: 'start date' },
  'stat.f.end': { 'zh-CN': '结束日期', 'zh-TW': '結束日期', en: 'end date' },
  'stat.badJson': { 'zh-CN': '统计条件格式不正确', 'zh-TW': '統計條件格式不正確', en: 'The statistics range is not valid JSON' },
  'stat.badDate': {
    'zh-CN': '{{field}}格式不正确，应为 yyyy/MM/dd',
    'zh-TW': '{{field}}格式不正確，應為 yyyy/MM/dd',
    en: 'The {{field}} must be a date like yyyy/MM/dd',
  },
  'stat.badOption': { 'zh-CN': '统计方式只能是按月或按日', 'zh-TW': '統計方式只能是按月或按日', en: 'Choose by month (1) or by day (2)' },
  'stat.order': {
    'zh-CN': '开始日期不能晚于结束日期',
    'zh-TW': '開始日期不能晚於結束日期',
    en: 'The start date cannot be after the end date',
  },
  'stat.tooManyMonths': {
    'zh-CN': '按月统计的范围不能超过{{max}}个月',
    'zh-TW': '按月統計的範圍不能超過{{max}}個月',
    en: 'A range by month cannot exceed {{max}} months',
  },
  'stat.tooManyDays': {
    'zh-CN': '按日统计的范围不能超过{{max}}天',
    'zh-TW': '按日統計的範圍不能超過{{max}}天',
    en: 'A range by day cannot exceed {{max}} days',
  },
});
