import type { HolderStatus } from '../access.ts';
import type { Page } from '../envelope.ts';
import {
  checkFaceInput,
  createFaceInput,
  faceAddressPageInput,
  faceDownloadInfoInput,
  faceGateIdInput,
  faceIdInput,
  facesPageInput,
  updateFaceAddressInfoInput,
  updateFaceAddressInput,
  updateFaceInput,
} from '../schemas/face.ts';
import { defineRoutes, r } from './define.ts';
import type { DoorUnitOption } from './session.ts';

/** A face of the face-management list (001 §2 "Face management", §3 "Face"). */
export interface FaceRow {
  id: number;
  username: string;
  account: string;
  communityname: string;
  communityId: number;
  /** The household address. */
  address: string;
  addressId: number;
  status: HolderStatus;
  /** The household's single-family flag. */
  isVilla: number;
  /** URL of the stored photo (image/jpeg), served to callers in scope only. */
  photoUrl: string;
}

/** getFaceById: the row plus the stored photo as base64 JPEG (no `data:` prefix). */
export interface FaceDetail extends FaceRow {
  imgBase64: string;
}

/** A face configured on a door unit (001 §3 "Face-to-door assignment"). Dates yyyy/MM/dd HH:mm:ss. */
export interface FaceGateEntry {
  id: number;
  gateID: number;
  faceID: number;
  validfrom: string;
  validto: string;
  info: string;
  /** The door unit's address. */
  address: string;
  isVilla: number;
}

/**
 * getFaceAddressDownloadInfo (001 §3 "Download info"): the door units the face may be
 * put on (same community, hardware with the face bit), what is configured, the default
 * validity (now → after) and deletAll: true hides "delete all" (nothing is configured, or
 * a single-family entry is, which may not be removed). The same shape as CardDownloadInfo.
 */
export interface FaceDownloadInfo {
  allGms: DoorUnitOption[];
  configured: FaceGateEntry[];
  now: string;
  after: string;
  deletAll: boolean;
}

/** A row of the door unit face list (001 §2 "Door unit face list"). */
export interface FaceAddressRow {
  /** The face_gate entry. */
  id: number;
  faceID: number;
  gateID: number;
  username: string;
  account: string;
  /** The face holder's household address. */
  address: string;
  /** The face's status (enable/disable). */
  status: HolderStatus;
  validfrom: string;
  validto: string;
  info: string;
  isVilla: number;
}

const faces = { menus: ['access.faceid'] } as const;
const gm = { menus: ['access.gm'] } as const;

/** Faces (001 §7 "Faces"). Photos travel as base64 JPEG in form fields. */
export const faceRoutes = defineRoutes('face', {
  getFaces: r<Page<FaceRow>>()({ method: 'GET', input: facesPageInput, access: faces }),
  getFaceById: r<FaceDetail>()({ method: 'GET', input: faceIdInput, access: faces }),
  /** The stored photo of a face as image/jpeg. */
  getFacePhoto: r<never>()({ method: 'GET', input: faceIdInput, access: { menus: ['access.faceid', 'access.gm'] }, kind: 'raw' }),
  /** Refused without consent, or when the person would have no other way in (docs/privacy.md). */
  createFace: r<FaceRow & { consentId: number }>()({ method: 'POST', input: createFaceInput, access: faces }),
  updateFace: r<FaceRow>()({ method: 'POST', input: updateFaceInput, access: faces }),
  delFace: r<null>()({ method: 'POST', input: faceIdInput, access: faces }),
  /** Checks a photo (JPEG, < 1 MB, exactly one face) and answers it normalised: base64 JPEG, no `data:` prefix. */
  checkFaceValid: r<string>()({ method: 'POST', input: checkFaceInput, access: faces }),
  getFaceAddressDownloadInfo: r<FaceDownloadInfo>()({ method: 'GET', input: faceDownloadInfoInput, access: faces }),
  /** Replaces the configured door units of a face with fas; answers the download info after the change. */
  updateFaceAddressInfo: r<FaceDownloadInfo>()({ method: 'POST', input: updateFaceAddressInfoInput, access: faces }),
  getFaceAddressByAddressId: r<Page<FaceAddressRow>>()({ method: 'GET', input: faceAddressPageInput, access: gm }),
  updateFaceAddressByAddressId: r<FaceAddressRow>()({ method: 'POST', input: updateFaceAddressInput, access: gm }),
  delFaceAddressById: r<null>()({ method: 'POST', input: faceGateIdInput, access: gm }),
  updateFaceRedownload: r<{ queued: number }>()({ method: 'POST', input: faceGateIdInput, access: gm }),
});
