import { defineMessages } from '@gatehouse/contracts';
import catalogue from './live.json' with { type: 'json' };

/** Live views (the access log's switch) and the overview page (/overview). */
export const liveUi = defineMessages(catalogue);
