import { defineMessages } from './define.ts';
import catalogue from './mqtt.json' with { type: 'json' };

/** The MQTT broker's HTTP hooks (EMQX) and broker provisioning. */
export const mqttMessages = defineMessages(catalogue);
