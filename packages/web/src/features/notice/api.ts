import { ROUTES } from '@gatehouse/contracts';
import { mutate, upload } from '../../api/client.ts';

/** A notice with its attachments (one multipart call). */
export const addNotice = upload(ROUTES.notice.uploadNoticeFiles);
export const deleteNotice = (id: number) => mutate(ROUTES.notice.deleteNotice, { id });
