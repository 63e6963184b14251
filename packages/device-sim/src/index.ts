/** Simulated door units over MQTT (DESIGN §6, docs/device-protocol.md). */
export { randomActivity } from './activity.ts';
export { Heartbeat, type HeartbeatOptions } from './heartbeat.ts';
export { SimulatedDevice, type SimOptions, startSimulatedDevice } from './device.ts';
export { checkQr, type QrRules, type QrVerdict } from './qr.ts';
export { publicKeyFromRaw } from './qr-key.ts';
export { type Credential, DeviceState } from './state.ts';
export * from './fleet.ts';
export { type CardVerdict, cardVerdict, type LiftFloors, liftFloors, localTime, scheduleRefusal } from './schedule.ts';
export { startZkEmulator, type ZkEmulator, type ZkEmulatorOptions } from './zk/index.ts';
export { type HikEmulator, type HikEmulatorOptions, type HikFault, startHikEmulator } from './hik/emulator.ts';
export { type HikEvent, HikState } from './hik/state.ts';
