import { defineMessages } from './define.ts';

/** The MQTT broker's HTTP hooks (EMQX) and broker provisioning. */
export const mqttMessages = defineMessages({
  'mqtt.badSharedSecret': {
    'zh-CN': 'MQTT 代理的调用凭据无效',
    'zh-TW': 'MQTT 代理的呼叫憑證無效',
    en: 'The MQTT broker call credential is not valid',
  },
  'mqtt.hooksOff': {
    'zh-CN': '未启用 MQTT 代理的 HTTP 认证',
    'zh-TW': '未啟用 MQTT 代理的 HTTP 認證',
    en: 'HTTP authentication for the MQTT broker is not enabled',
  },
});
