import { CARD_READER_MESSAGES, defineMessages } from '@gatehouse/contracts';
import catalogue from './cardReader.json' with { type: 'json' };

/**
 * The serial-port card reader section of the card dialogs, and the helper's own messages
 * (CARD_READER_MESSAGES of contracts/src/card-reader.ts, which the helper renders itself).
 */
export const cardReaderUi = defineMessages({ ...CARD_READER_MESSAGES, ...catalogue });
