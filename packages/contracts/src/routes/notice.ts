import type { Page } from '../envelope.ts';
import { noticeIdInput, noticesPageInput, uploadNoticeInput } from '../schemas/notice.ts';
import { defineRoutes, r } from './define.ts';

export interface NoticeFile {
  id: number;
  name: string;
  size: number;
  url: string;
}

export interface NoticeRow {
  id: number;
  title: string;
  content: string;
  communityId: number;
  communityName: string;
  validfrom: string;
  validto: string;
  creator: string;
  createDate: string;
  downloadFile: NoticeFile[];
}

const access = { menus: ['service.notice'] } as const;

/** Property notices (001 §2 "Notices", §7 "Messages and notices"). */
export const noticeRoutes = defineRoutes('notice', {
  getNoticesPage: r<Page<NoticeRow>>()({ method: 'GET', input: noticesPageInput, access }),
  getNotice: r<NoticeRow>()({ method: 'GET', input: noticeIdInput, access }),
  deleteNotice: r<null>()({ method: 'POST', input: noticeIdInput, access }),
  uploadNoticeFiles: r<NoticeRow>()({ method: 'POST', input: uploadNoticeInput, access, kind: 'multipart' }),
  downloadNoticeFile: r<never>()({ method: 'GET', input: noticeIdInput, access, kind: 'raw' }),
});
