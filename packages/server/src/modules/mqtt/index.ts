import type { Area } from '../area.ts';
import { mqttHandlers } from './routes.ts';

/** The MQTT broker's HTTP hooks (EMQX 5 authentication and authorization). */
export const mqttArea: Area = {
  name: 'mqtt',
  handlers: mqttHandlers,
};
