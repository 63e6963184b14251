export { originAllowed } from './cors.ts';
export { CardIdParser, type ParseEvent } from './protocol.ts';
export { PortError, SerialLink } from './serial.ts';
export { type Helper, type HelperOptions, startHelper } from './server.ts';
