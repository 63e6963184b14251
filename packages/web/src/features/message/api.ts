import { messageRoutes } from '@gatehouse/contracts';
import { mutate } from '../../api/client.ts';

export const deleteMessage = (id: number) => mutate(messageRoutes.deleteMsg, { id });
