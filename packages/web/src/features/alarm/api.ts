import { alarmRoutes } from '@gatehouse/contracts';
import { mutate } from '../../api/client.ts';

/** Acknowledges alarms (all or nothing) with the staff member's note. */
export const acknowledgeAlarms = (ids: number[], note: string) => mutate(alarmRoutes.acknowledgeAlarms, { ids: ids.join(','), note });
