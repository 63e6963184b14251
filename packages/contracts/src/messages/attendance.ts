import { defineMessages } from './define.ts';

/** Attendance: companies, daily clock-in detail, punch records (001 §2, §3, §4, §9). */
export const attendanceMessages = defineMessages({
  'f.att.company': { 'zh-CN': '公司', 'zh-TW': '公司', en: 'company' },
  'f.att.regNo': { 'zh-CN': '注册号', 'zh-TW': '註冊號', en: 'registration number' },
  'f.att.region': { 'zh-CN': '区域', 'zh-TW': '區域', en: 'region' },
  'f.att.userName': { 'zh-CN': '姓名', 'zh-TW': '姓名', en: 'name' },
  'f.att.weekday': { 'zh-CN': '星期', 'zh-TW': '星期', en: 'weekday' },
  'f.att.startDate': { 'zh-CN': '开始日期', 'zh-TW': '開始日期', en: 'start date' },
  'f.att.endDate': { 'zh-CN': '结束日期', 'zh-TW': '結束日期', en: 'end date' },
  'f.att.status': { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'status' },
  'f.att.from': { 'zh-CN': '打卡日期起', 'zh-TW': '打卡日期起', en: 'punch date from' },
  'f.att.to': { 'zh-CN': '打卡日期止', 'zh-TW': '打卡日期止', en: 'punch date to' },
  'f.att.iswork': { 'zh-CN': '打卡标记', 'zh-TW': '打卡標記', en: 'punch flag' },
  'att.dateOrder': {
    'zh-CN': '开始日期不能晚于结束日期',
    'zh-TW': '開始日期不能晚於結束日期',
    en: 'The start date cannot be after the end date',
  },
  'att.rangeTooLong': {
    'zh-CN': '日期范围不能超过{{max}}天',
    'zh-TW': '日期範圍不能超過{{max}}天',
    en: 'The date range cannot exceed {{max}} days',
  },
  /** The punch export's file name and the punch records page title. */
  'att.punchDetails': { 'zh-CN': '打卡详情', 'zh-TW': '打卡詳情', en: 'Punch details' },
  'att.col.account': { 'zh-CN': '注册号', 'zh-TW': '註冊號', en: 'Registration number' },
  'att.col.deviceName': { 'zh-CN': '设备简称', 'zh-TW': '設備簡稱', en: 'Device short name' },
  'att.col.addtime': { 'zh-CN': '打卡时间', 'zh-TW': '打卡時間', en: 'Punch time' },
});
