import { defineMessages } from '@gatehouse/contracts';

/** Webhooks page (administrators). Kinds and delivery states are server keys `webhook.kind.*`, `webhook.delivery.*`. */
export const webhookUi = defineMessages({
  'ui.webhook.add': { 'zh-CN': '新增 Webhook', 'zh-TW': '新增 Webhook', en: 'Add webhook' },
  'ui.webhook.edit': { 'zh-CN': '编辑 Webhook', 'zh-TW': '編輯 Webhook', en: 'Edit webhook' },
  'ui.webhook.url': { 'zh-CN': '接收地址', 'zh-TW': '接收網址', en: 'URL' },
  'ui.webhook.kinds': { 'zh-CN': '事件类型', 'zh-TW': '事件類型', en: 'Event kinds' },
  'ui.webhook.description': { 'zh-CN': '说明', 'zh-TW': '說明', en: 'Description' },
  'ui.webhook.state': { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'State' },
  'ui.webhook.enabled': { 'zh-CN': '启用', 'zh-TW': '啟用', en: 'Enabled' },
  'ui.webhook.disabled': { 'zh-CN': '已停用', 'zh-TW': '已停用', en: 'Disabled' },
  'ui.webhook.failures': { 'zh-CN': '连续失败', 'zh-TW': '連續失敗', en: 'Failures in a row' },
  'ui.webhook.lastDelivery': { 'zh-CN': '最近发送', 'zh-TW': '最近傳送', en: 'Last delivery' },
  'ui.webhook.test': { 'zh-CN': '发送测试', 'zh-TW': '傳送測試', en: 'Send test' },
  'ui.webhook.rotate': { 'zh-CN': '更换密钥', 'zh-TW': '更換密鑰', en: 'Rotate secret' },
  'ui.webhook.confirmRotate': {
    'zh-CN': '更换后旧密钥立即失效，确定吗？',
    'zh-TW': '更換後舊密鑰立即失效，確定嗎？',
    en: 'The old secret stops working at once. Rotate?',
  },
  'ui.webhook.enable': { 'zh-CN': '启用', 'zh-TW': '啟用', en: 'Enable' },
  'ui.webhook.disable': { 'zh-CN': '停用', 'zh-TW': '停用', en: 'Disable' },
  'ui.webhook.deliveries': { 'zh-CN': '发送记录', 'zh-TW': '傳送記錄', en: 'Deliveries' },
  'ui.webhook.secretTitle': { 'zh-CN': '签名密钥', 'zh-TW': '簽章密鑰', en: 'Signing secret' },
  'ui.webhook.secretHelp': {
    'zh-CN': '请复制并妥善保存此密钥，关闭后将无法再次查看。接收方用它校验 Gatehouse-Signature 头（HMAC-SHA256，见文档）。',
    'zh-TW': '請複製並妥善保存此密鑰，關閉後將無法再次查看。接收方用它驗證 Gatehouse-Signature 標頭（HMAC-SHA256，見文件）。',
    en: 'Copy and keep this secret now: it cannot be shown again. Receivers verify the Gatehouse-Signature header with it (HMAC-SHA256, see the docs).',
  },
  'ui.webhook.empty': {
    'zh-CN': '还没有 Webhook。新增一个，把门禁事件、设备上下线、指令失败和应急模式推送给您的系统。',
    'zh-TW': '還沒有 Webhook。新增一個，把門禁事件、設備上下線、指令失敗和緊急模式推送給您的系統。',
    en: 'No webhooks yet. Add one to push access events, devices going online or offline, failed commands and emergency modes to your system.',
  },
  'ui.webhook.col.kind': { 'zh-CN': '类型', 'zh-TW': '類型', en: 'Kind' },
  'ui.webhook.col.status': { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
  'ui.webhook.col.code': { 'zh-CN': '响应码', 'zh-TW': '回應碼', en: 'Response' },
  'ui.webhook.col.attempts': { 'zh-CN': '尝试次数', 'zh-TW': '嘗試次數', en: 'Attempts' },
  'ui.webhook.col.error': { 'zh-CN': '错误', 'zh-TW': '錯誤', en: 'Error' },
  'ui.webhook.col.created': { 'zh-CN': '产生时间', 'zh-TW': '產生時間', en: 'Created' },
  'ui.webhook.col.next': { 'zh-CN': '下次重试', 'zh-TW': '下次重試', en: 'Next attempt' },
  'ui.webhook.col.delivered': { 'zh-CN': '送达时间', 'zh-TW': '送達時間', en: 'Delivered' },
});
