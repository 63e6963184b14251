/** Simulated door units over MQTT (DESIGN §6, docs/device-protocol.md). */
export { randomActivity } from './activity.ts';
export { SimulatedDevice, type SimOptions, startSimulatedDevice } from './device.ts';
export { checkQr, publicKeyFromRaw, type QrVerdict } from './qr.ts';
export { type Credential, DeviceState } from './state.ts';
