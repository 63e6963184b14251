import { ACCESS_TYPES, CARD_MODES, OPEN_TYPES } from '@gatehouse/contracts';
import { valueEnum } from '../../shared/valueEnum.tsx';

/** The coded filters, labelled by the server catalogue (`eventlog.type.N` …). */
export const ACCESS_TYPE = valueEnum(ACCESS_TYPES, (v) => `eventlog.type.${v}`);
export const OPEN_TYPE = valueEnum(OPEN_TYPES, (v) => `eventlog.type.${v}`);
export const CARD_MODE = valueEnum(CARD_MODES, (v) => `eventlog.cardMode.${v}`);
