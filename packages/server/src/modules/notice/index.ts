import type { Area } from '../area.ts';
import { noticeHandlers } from './routes.ts';

/** What the notice area contributes (collected in modules/index.ts). */
export const noticeArea: Area = {
  name: 'notice',
  handlers: noticeHandlers,
};
