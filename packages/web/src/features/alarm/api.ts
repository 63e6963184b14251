import { ROUTES } from '@gatehouse/contracts';
import { mutate } from '../../api/client.ts';

/** Acknowledges alarms (all or nothing) with the staff member's note. */
export const acknowledgeAlarms = (ids: number[], note: string) => mutate(ROUTES.alarm.acknowledgeAlarms, { ids: ids.join(','), note });
