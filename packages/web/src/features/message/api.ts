import { ROUTES } from '@gatehouse/contracts';
import { mutate } from '../../api/client.ts';

export const deleteMessage = (id: number) => mutate(ROUTES.message.deleteMsg, { id });
