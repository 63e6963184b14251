import { defineMessages } from '@gatehouse/contracts';

/** Emergency modes (banner, dialog) and remote open (door-unit list). Mode names are server keys `emergency.mode.*`. */
export const emergencyUi = defineMessages({
  'ui.emergency.button': { 'zh-CN': '应急模式', 'zh-TW': '緊急模式', en: 'Emergency mode' },
  'ui.emergency.title': { 'zh-CN': '设置应急模式', 'zh-TW': '設定緊急模式', en: 'Set an emergency mode' },
  'ui.emergency.community': { 'zh-CN': '社区', 'zh-TW': '社區', en: 'Community' },
  'ui.emergency.target': { 'zh-CN': '范围', 'zh-TW': '範圍', en: 'Applies to' },
  'ui.emergency.wholeCommunity': { 'zh-CN': '全社区所有门口机', 'zh-TW': '全社區所有門口機', en: 'Every door unit of the community' },
  'ui.emergency.mode': { 'zh-CN': '模式', 'zh-TW': '模式', en: 'Mode' },
  'ui.emergency.reason': { 'zh-CN': '原因', 'zh-TW': '原因', en: 'Reason' },
  'ui.emergency.reasonPlaceholder': {
    'zh-CN': '例如：小区发现可疑人员',
    'zh-TW': '例如：社區發現可疑人員',
    en: 'e.g. intruder reported on site',
  },
  'ui.emergency.lockdownHelp': {
    'zh-CN': '只有管理员、物业主管和物业员工的卡和人脸可以开门',
    'zh-TW': '只有管理員、物業主管和物業員工的卡和人臉可以開門',
    en: 'Only cards and faces of administrators, property supervisors and property staff open',
  },
  'ui.emergency.allOpenHelp': {
    'zh-CN': '门保持开启，电梯楼层全部放行，用于消防疏散',
    'zh-TW': '門保持開啟，電梯樓層全部放行，用於消防疏散',
    en: 'Doors stay unlocked and lift floors are released, for fire egress',
  },
  'ui.emergency.confirmTitle': { 'zh-CN': '请再次确认', 'zh-TW': '請再次確認', en: 'Please confirm again' },
  'ui.emergency.confirmText': {
    'zh-CN': '将对「{{target}}」设置「{{mode}}」，指令立即下发到门口机。确定吗？',
    'zh-TW': '將對「{{target}}」設定「{{mode}}」，指令立即下發到門口機。確定嗎？',
    en: 'Set "{{mode}}" on "{{target}}"? The door units get it at once.',
  },
  'ui.emergency.confirmOk': { 'zh-CN': '确认设置', 'zh-TW': '確認設定', en: 'Yes, set it' },
  'ui.emergency.banner': {
    'zh-CN': '应急模式生效中：{{target}} — {{mode}}（原因：{{reason}}；{{by}} 于 {{at}} 设置）',
    'zh-TW': '緊急模式生效中：{{target}} — {{mode}}（原因：{{reason}}；{{by}} 於 {{at}} 設定）',
    en: 'Emergency mode in force: {{target}} — {{mode}} (reason: {{reason}}; set by {{by}} at {{at}})',
  },
  'ui.emergency.lift': { 'zh-CN': '解除', 'zh-TW': '解除', en: 'Lift' },
  'ui.emergency.confirmLift': {
    'zh-CN': '解除「{{target}}」的应急模式，门口机恢复正常？',
    'zh-TW': '解除「{{target}}」的緊急模式，門口機恢復正常？',
    en: 'Lift the emergency mode of "{{target}}"? The door units go back to normal.',
  },
  'ui.emergency.wholeOf': { 'zh-CN': '{{community}}（全社区）', 'zh-TW': '{{community}}（全社區）', en: '{{community}} (whole community)' },
  'ui.door.open': { 'zh-CN': '远程开门', 'zh-TW': '遠端開門', en: 'Open door' },
  'ui.door.confirmOpen': {
    'zh-CN': '立即远程打开「{{address}}」的门？',
    'zh-TW': '立即遠端開啟「{{address}}」的門？',
    en: 'Open the door of "{{address}}" now?',
  },
});
