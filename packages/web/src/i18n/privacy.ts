import { defineMessages } from '@gatehouse/contracts';
import catalogue from './privacy.json' with { type: 'json' };

/** Face consent and erasure receipts (issue 35; server keys `privacy.*` name givers, methods and refusals). */
export const privacyUi = defineMessages(catalogue);
