import { tr } from '../../i18n/index.ts';
import { FACE_STATUSES } from '../../shared/statuses.ts';
import { enumOptions } from '../../shared/valueEnum.tsx';
import { faceRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, headers, mutate, mutation } from '../../api/client.ts';

export const FACES_KEY = ['faces'] as const;
export const GATE_FACES_KEY = ['gateFaces'] as const;

/** Status choices (enable shown as valid, disable as invalid). */
export const statusOptions = () => enumOptions(FACE_STATUSES, tr);

/** One face with its photo (the edit dialog). */
export const useFace = (id: number) => useQuery({ queryKey: ['face', id], queryFn: () => call(faceRoutes.getFaceById, { id }), gcTime: 0 });

export const createFace = mutation(faceRoutes.createFace);
export const updateFace = mutation(faceRoutes.updateFace);
export const deleteFace = (id: number) => mutate(faceRoutes.delFace, { id });
/** The photo check (one face, a JPEG) before it is kept in the form. */
export const checkFace = (imgBase64: string, source: 'photo' | 'upload') => call(faceRoutes.checkFaceValid, { imgBase64, source });

/** One door unit's faces: the validity edit, delete and resend of an entry. */
export const saveGateFace = mutation(faceRoutes.updateFaceAddressByAddressId);
export const deleteGateFace = (id: number) => mutate(faceRoutes.delFaceAddressById, { id });
export const resendGateFace = (id: number) => mutate(faceRoutes.updateFaceRedownload, { id });

/**
 * A face's photo for a list thumbnail, as an object URL (the photo route wants the session
 * header, which an <img> cannot send). The browser's HTTP cache keeps it (Cache-Control private,
 * ETag: a repeat is a 304); null when the photo cannot be shown (a thumbnail fails quietly).
 */
export async function facePhotoObjectUrl(photoUrl: string): Promise<string | null> {
  try {
    const res = await fetch(photoUrl, { headers: headers() });
    if (!res.ok) return null;
    return URL.createObjectURL(await res.blob());
  } catch {
    return null;
  }
}

/** The photo route of a face (lists that carry only the face id, e.g. a door unit's faces). */
export const facePhotoPath = (faceId: number) => `/api${faceRoutes.getFacePhoto.path}?id=${faceId}`;
