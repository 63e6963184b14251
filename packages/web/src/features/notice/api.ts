import { noticeRoutes } from '@gatehouse/contracts';
import { mutate, upload } from '../../api/client.ts';

/** A notice with its attachments (one multipart call). */
export const addNotice = upload(noticeRoutes.uploadNoticeFiles);
export const deleteNotice = (id: number) => mutate(noticeRoutes.deleteNotice, { id });
