import type { Page } from '../envelope.ts';
import type { ConsentGiver, ConsentMethod, ErasureReason, ReceiptState } from '../privacy.ts';
import {
  consentFormInput,
  consentTemplateInput,
  erasureIdInput,
  erasuresPageInput,
  faceConsentIdInput,
  saveConsentTemplateInput,
} from '../schemas/privacy.ts';
import { defineRoutes, r } from './define.ts';

/** The purpose text of a community's face consent, in the three languages, and in the caller's (`purpose`). */
export interface ConsentTemplate {
  communityId: number;
  zhCN: string;
  zhTW: string;
  en: string;
  /** The text in the caller's language: what the dialog shows and the consent record keeps. */
  purpose: string;
  /** false: the built-in default (the community has not written its own). */
  custom: boolean;
}

/** A face's consent record (dates ISO 8601 UTC). */
export interface FaceConsent {
  id: number;
  faceId: number | null;
  account: string;
  giver: ConsentGiver;
  guardianName: string;
  method: ConsentMethod;
  purpose: string;
  lang: string;
  staff: string;
  givenAt: string;
  hasForm: boolean;
  withdrawnAt: string | null;
}

/** One door unit's receipt of an erasure: the state of the face.delete command sent to it. */
export interface ErasureReceipt {
  addressId: number;
  unit: string;
  commandId: number;
  state: ReceiptState;
  sentAt: string | null;
  ackedAt: string | null;
}

/** An erased face (the face row is gone; this stays). */
export interface ErasureRow {
  id: number;
  faceId: number;
  account: string;
  personName: string;
  communityId: number | null;
  communityname: string;
  reason: ErasureReason;
  staff: string;
  erasedAt: string;
  units: ErasureReceipt[];
  /** Every unit acknowledged (or none held the face). */
  complete: boolean;
}

const faces = { menus: ['access.faceid'] } as const;
const privacy = { menus: ['access.privacy'] } as const;

/** Personal data (issue 35 items 1 and 3; docs/privacy.md). */
export const privacyRoutes = defineRoutes('privacy', {
  /** The purpose text shown before a face is added (the add dialog and the privacy page). */
  getConsentTemplate: r<ConsentTemplate>()({
    method: 'GET',
    input: consentTemplateInput,
    access: { menus: ['access.faceid', 'access.privacy'] },
  }),
  saveConsentTemplate: r<ConsentTemplate>()({ method: 'POST', input: saveConsentTemplateInput, access: privacy }),
  /** The scanned consent form (one file: JPEG, PNG or PDF by content, at most CONSENT_FORM_BYTES), sealed at rest. */
  uploadConsentForm: r<FaceConsent>()({ method: 'POST', input: consentFormInput, access: faces, kind: 'multipart' }),
  /** The consent record of a face (404 when it has none). */
  getFaceConsent: r<FaceConsent>()({ method: 'GET', input: faceConsentIdInput, access: faces }),
  /** Consent withdrawn: the face is erased (every unit told, a receipt kept); the person's cards stay. */
  withdrawConsent: r<{ erasureId: number }>()({ method: 'POST', input: faceConsentIdInput, access: faces }),
  /** Erased faces with each door unit's receipt, newest first. */
  getErasures: r<Page<ErasureRow>>()({ method: 'GET', input: erasuresPageInput, access: privacy }),
  /** Sends face.delete again to the units that have not acknowledged. */
  resendErasure: r<ErasureRow>()({ method: 'POST', input: erasureIdInput, access: privacy }),
});
