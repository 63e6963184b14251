import { credentialDependent } from '../../db/dependents.ts';

/** Cards: on a community, a household (their holder's address) and door units (their entries). */
export const cardDependent = credentialDependent('dep.cards', 'card', { table: 'card_gate', holder: 'card_id' });
