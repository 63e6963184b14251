import { tr } from '../../i18n/index.ts';
import { FACE_STATUSES } from '../../shared/statuses.ts';
import { enumOptions } from '../../shared/valueEnum.tsx';
import { ROUTES } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation } from '../../api/client.ts';

export const FACES_KEY = ['faces'] as const;
export const GATE_FACES_KEY = ['gateFaces'] as const;

/** Status choices (enable shown as valid, disable as invalid). */
export const statusOptions = () => enumOptions(FACE_STATUSES, tr);

/** One face with its photo (the edit dialog). */
export const useFace = (id: number) =>
  useQuery({ queryKey: ['face', id], queryFn: () => call(ROUTES.face.getFaceById, { id }), gcTime: 0 });

export const createFace = mutation(ROUTES.face.createFace);
export const updateFace = mutation(ROUTES.face.updateFace);
export const deleteFace = (id: number) => mutate(ROUTES.face.delFace, { id });
/** The photo check (one face, a JPEG) before it is kept in the form. */
export const checkFace = (imgBase64: string, source: 'photo' | 'upload') => call(ROUTES.face.checkFaceValid, { imgBase64, source });

/** One door unit's faces: the validity edit, delete and resend of an entry. */
export const saveGateFace = mutation(ROUTES.face.updateFaceAddressByAddressId);
export const deleteGateFace = (id: number) => mutate(ROUTES.face.delFaceAddressById, { id });
export const resendGateFace = (id: number) => mutate(ROUTES.face.updateFaceRedownload, { id });
