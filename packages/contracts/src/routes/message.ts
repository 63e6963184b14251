import type { Page } from '../envelope.ts';
import { messageIdInput, messagesPageInput } from '../schemas/message.ts';
import { defineRoutes, r } from './define.ts';

export interface MessageRow {
  id: number;
  title: string;
  content: string;
  type: number;
  createDate: string;
  creator: string;
  communityName: string;
  downloadFile: string | null;
}

const access = { menus: ['message'] } as const;

/** Message management: the import history (001 §2 "Message management"). */
export const messageRoutes = defineRoutes('message', {
  getMessagesPage: r<Page<MessageRow>>()({ method: 'GET', input: messagesPageInput, access }),
  deleteMsg: r<null>()({ method: 'POST', input: messageIdInput, access }),
  downloadMessageFile: r<never>()({ method: 'GET', input: messageIdInput, access, kind: 'raw' }),
});
