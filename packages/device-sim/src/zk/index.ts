export { startZkEmulator, type ZkEmulator, type ZkEmulatorOptions } from './emulator.ts';
export { apply, newState, RETURN, type ZkState, type ZkUser } from './terminal.ts';
