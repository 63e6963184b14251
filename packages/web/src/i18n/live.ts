import { defineMessages } from '@gatehouse/contracts';

/** Live views (the access log's switch) and the overview page (/overview). */
export const liveUi = defineMessages({
  'ui.live.alarms': { 'zh-CN': '未处理告警', 'zh-TW': '未處理告警', en: 'Open alerts' },
  'ui.live.switch': { 'zh-CN': '实时', 'zh-TW': '即時', en: 'Live' },
  'ui.live.hint': {
    'zh-CN': '新的通行记录会出现在第一页顶部（按时间倒序时）',
    'zh-TW': '新的通行記錄會出現在第一頁頂部（按時間倒序時）',
    en: 'New events appear at the top of the first page (newest first)',
  },
  'ui.ov.community': { 'zh-CN': '社区', 'zh-TW': '社區', en: 'Community' },
  'ui.ov.online': { 'zh-CN': '在线设备', 'zh-TW': '在線設備', en: 'Units online' },
  'ui.ov.sync': { 'zh-CN': '已同步', 'zh-TW': '已同步', en: 'Fully in sync' },
  'ui.ov.opens': { 'zh-CN': '今日开门', 'zh-TW': '今日開門', en: 'Opens today' },
  'ui.ov.refused': { 'zh-CN': '今日拒绝', 'zh-TW': '今日拒絕', en: 'Refused today' },
  'ui.ov.alarms': { 'zh-CN': '未处理告警', 'zh-TW': '未處理告警', en: 'Open alerts' },
  'ui.ov.firmware': { 'zh-CN': '固件版本分布', 'zh-TW': '韌體版本分佈', en: 'Firmware versions' },
  'ui.ov.firmwareNone': { 'zh-CN': '未上报', 'zh-TW': '未上報', en: 'Not reported' },
  'ui.ov.units': { 'zh-CN': '台', 'zh-TW': '台', en: 'units' },
  'ui.ov.today': { 'zh-CN': '今日通行', 'zh-TW': '今日通行', en: 'Access today' },
  'ui.ov.totals': { 'zh-CN': '全部社区', 'zh-TW': '全部社區', en: 'All communities' },
  'ui.ov.empty': { 'zh-CN': '没有可查看的社区', 'zh-TW': '沒有可查看的社區', en: 'No communities to show' },
  'ui.dev.firmware': { 'zh-CN': '固件版本', 'zh-TW': '韌體版本', en: 'Firmware' },
});
