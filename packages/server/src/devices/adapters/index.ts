import type { Config } from '../../config.ts';
import { hikIsapiAdapter, hikSettingsOf } from '../vendors/hik/adapter.ts';
import { createZkAdapter } from '../vendors/zkteco/adapter.ts';
import type { AdapterFactory } from './contract.ts';

/**
 * The adapters of the vendor kinds of door unit, one line each (`devices/vendors/<vendor>/`). The
 * server builds them at boot with its AdapterContext (devices/units.ts), beside the Gatehouse MQTT
 * adapter (devices/adapters/mqtt.ts), which the MQTT gateway builds around its client; a kind with
 * no adapter here is not dispatched (its commands stay pending).
 */
export const vendorAdapters = (
  config: Pick<Config, 'DEVICE_CALLBACK_URL' | 'HIK_POLL_MS' | 'HIK_TIMEOUT_MS'>,
): readonly AdapterFactory[] => [hikIsapiAdapter(hikSettingsOf(config)), (ctx) => createZkAdapter(ctx)];
