import { defineMessages } from './define.ts';

/** Emergency modes, remote open and webhooks (docs/live-operations.md). */
export const liveOpsMessages = defineMessages({
  'f.emergencyMode': { 'zh-CN': '应急模式', 'zh-TW': '緊急模式', en: 'emergency mode' },
  'f.emergencyReason': { 'zh-CN': '原因', 'zh-TW': '原因', en: 'reason' },
  'f.doorUnit': { 'zh-CN': '门口机', 'zh-TW': '門口機', en: 'door unit' },
  'f.webhookUrl': { 'zh-CN': '接收地址', 'zh-TW': '接收網址', en: 'URL' },
  'f.webhookKinds': { 'zh-CN': '事件类型', 'zh-TW': '事件類型', en: 'event kinds' },
  'f.webhookDescription': { 'zh-CN': '说明', 'zh-TW': '說明', en: 'description' },
  'f.webhookEnabled': { 'zh-CN': '启用状态', 'zh-TW': '啟用狀態', en: 'enabled' },

  'emergency.mode.normal': { 'zh-CN': '正常', 'zh-TW': '正常', en: 'Normal' },
  'emergency.mode.lockdown': {
    'zh-CN': '封锁（仅管理员卡可开门）',
    'zh-TW': '封鎖（僅管理員卡可開門）',
    en: 'Lockdown (administrator cards only)',
  },
  'emergency.mode.allOpen': { 'zh-CN': '全部开启（消防疏散）', 'zh-TW': '全部開啟（消防疏散）', en: 'All open (fire egress)' },
  'emergency.set': {
    'zh-CN': '已设置应急模式，已下发 {{n}} 台门口机',
    'zh-TW': '已設定緊急模式，已下發 {{n}} 台門口機',
    en: 'Emergency mode set; sent to {{n}} door unit(s)',
  },
  'emergency.lifted': {
    'zh-CN': '已解除应急模式，已下发 {{n}} 台门口机',
    'zh-TW': '已解除緊急模式，已下發 {{n}} 台門口機',
    en: 'Emergency mode lifted; sent to {{n}} door unit(s)',
  },
  'emergency.err.notDoorUnit': {
    'zh-CN': '所选地址不是该社区的门口机',
    'zh-TW': '所選地址不是該社區的門口機',
    en: 'The chosen address is not a door unit of this community',
  },
  'emergency.err.alreadyLifted': {
    'zh-CN': '该应急模式已解除，请刷新后重试',
    'zh-TW': '該緊急模式已解除，請重新整理後再試',
    en: 'This emergency mode was already lifted; refresh and try again',
  },
  'op.emergency.set': {
    'zh-CN': '设置应急模式：{{community}} {{target}}，{{mode}}，原因：{{reason}}',
    'zh-TW': '設定緊急模式：{{community}} {{target}}，{{mode}}，原因：{{reason}}',
    en: 'Set emergency mode: {{community}} {{target}}, {{mode}}, reason: {{reason}}',
  },
  'op.emergency.lift': {
    'zh-CN': '解除应急模式：{{community}} {{target}}，{{mode}}，说明：{{reason}}',
    'zh-TW': '解除緊急模式：{{community}} {{target}}，{{mode}}，說明：{{reason}}',
    en: 'Lifted emergency mode: {{community}} {{target}}, {{mode}}, note: {{reason}}',
  },
  'emergency.wholeCommunity': { 'zh-CN': '（全社区）', 'zh-TW': '（全社區）', en: '(whole community)' },

  'door.opened': { 'zh-CN': '门已打开', 'zh-TW': '門已開啟', en: 'The door opened' },
  'door.openFailed': {
    'zh-CN': '门口机未能开门：{{info}}',
    'zh-TW': '門口機未能開門：{{info}}',
    en: 'The door unit could not open: {{info}}',
  },
  'door.noAnswer': {
    'zh-CN': '门口机未在规定时间内应答，开门指令已撤回',
    'zh-TW': '門口機未在規定時間內回應，開門指令已撤回',
    en: 'The door unit did not answer in time; the open command was withdrawn',
  },
  'door.err.noDevice': { 'zh-CN': '该门口机未绑定设备', 'zh-TW': '該門口機未綁定設備', en: 'No device is bound to this door unit' },
  'door.err.offline': {
    'zh-CN': '门口机离线，无法远程开门',
    'zh-TW': '門口機離線，無法遠端開門',
    en: 'The door unit is offline; it cannot be opened remotely',
  },
  'op.door.open': { 'zh-CN': '远程开门：{{address}}', 'zh-TW': '遠端開門：{{address}}', en: 'Remote open: {{address}}' },

  'webhook.kind.access': { 'zh-CN': '门禁事件', 'zh-TW': '門禁事件', en: 'Access event' },
  'webhook.kind.device.online': { 'zh-CN': '设备上线', 'zh-TW': '設備上線', en: 'Device online' },
  'webhook.kind.device.offline': { 'zh-CN': '设备离线', 'zh-TW': '設備離線', en: 'Device offline' },
  'webhook.kind.command.failed': { 'zh-CN': '指令失败', 'zh-TW': '指令失敗', en: 'Command failed' },
  'webhook.kind.emergency': { 'zh-CN': '应急模式', 'zh-TW': '緊急模式', en: 'Emergency mode' },
  'webhook.kind.ping': { 'zh-CN': '测试', 'zh-TW': '測試', en: 'Test' },
  'webhook.delivery.0': { 'zh-CN': '等待发送', 'zh-TW': '等待傳送', en: 'Pending' },
  'webhook.delivery.1': { 'zh-CN': '已送达', 'zh-TW': '已送達', en: 'Delivered' },
  'webhook.delivery.2': { 'zh-CN': '已放弃', 'zh-TW': '已放棄', en: 'Given up' },
  'webhook.delivery.3': { 'zh-CN': '已取消', 'zh-TW': '已取消', en: 'Cancelled' },
  'webhook.err.url': {
    'zh-CN': '接收地址必须是 http:// 或 https:// 开头的完整网址（不含用户名和密码）',
    'zh-TW': '接收網址必須是 http:// 或 https:// 開頭的完整網址（不含使用者名稱和密碼）',
    en: 'The URL must be a full http:// or https:// address (without user name or password)',
  },
  'webhook.err.kind': { 'zh-CN': '事件类型不正确', 'zh-TW': '事件類型不正確', en: 'Unknown event kind' },
  'webhook.err.private': {
    'zh-CN': '接收地址指向本机、内网或链路本地地址（{{ip}}），不允许使用',
    'zh-TW': '接收網址指向本機、內網或鏈路本地位址（{{ip}}），不允許使用',
    en: 'The URL points to a loopback, private or link-local address ({{ip}}), which is not allowed',
  },
  'webhook.err.unresolvable': {
    'zh-CN': '无法解析接收地址的主机名',
    'zh-TW': '無法解析接收網址的主機名稱',
    en: 'The host name of the URL cannot be resolved',
  },
  'webhook.created': {
    'zh-CN': '已创建 Webhook，请立即保存签名密钥，它只显示这一次',
    'zh-TW': '已建立 Webhook，請立即儲存簽章密鑰，它只顯示這一次',
    en: 'Webhook created. Save the signing secret now: it is shown only once',
  },
  'webhook.rotated': {
    'zh-CN': '已更换签名密钥，请立即保存，它只显示这一次',
    'zh-TW': '已更換簽章密鑰，請立即儲存，它只顯示這一次',
    en: 'Signing secret rotated. Save it now: it is shown only once',
  },
  'webhook.testDelivered': {
    'zh-CN': '测试已送达（HTTP {{code}}）',
    'zh-TW': '測試已送達（HTTP {{code}}）',
    en: 'Test delivered (HTTP {{code}})',
  },
  'webhook.testFailed': { 'zh-CN': '测试发送失败：{{error}}', 'zh-TW': '測試傳送失敗：{{error}}', en: 'Test failed: {{error}}' },
  'webhook.disabledAfterFailures': {
    'zh-CN': '连续 {{n}} 次发送失败，已自动停用',
    'zh-TW': '連續 {{n}} 次傳送失敗，已自動停用',
    en: 'Disabled automatically after {{n}} failed deliveries in a row',
  },
  'webhook.disabledAfterDay': {
    'zh-CN': '发送持续失败超过一天，已自动停用',
    'zh-TW': '傳送持續失敗超過一天，已自動停用',
    en: 'Disabled automatically after failing for a day',
  },
  'op.webhook.create': { 'zh-CN': '新增 Webhook：{{url}}', 'zh-TW': '新增 Webhook：{{url}}', en: 'Added webhook: {{url}}' },
  'op.webhook.update': { 'zh-CN': '修改 Webhook：{{url}}', 'zh-TW': '修改 Webhook：{{url}}', en: 'Edited webhook: {{url}}' },
  'op.webhook.rotate': {
    'zh-CN': '更换 Webhook 密钥：{{url}}',
    'zh-TW': '更換 Webhook 密鑰：{{url}}',
    en: 'Rotated webhook secret: {{url}}',
  },
  'op.webhook.delete': { 'zh-CN': '删除 Webhook：{{urls}}', 'zh-TW': '刪除 Webhook：{{urls}}', en: 'Deleted webhooks: {{urls}}' },
  'op.webhook.test': { 'zh-CN': '发送 Webhook 测试：{{url}}', 'zh-TW': '傳送 Webhook 測試：{{url}}', en: 'Sent webhook test: {{url}}' },
});
