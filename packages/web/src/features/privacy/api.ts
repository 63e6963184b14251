import { privacyRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate, mutation, upload } from '../../api/client.ts';

export const ERASURES_KEY = ['erasures'] as const;

/** The purpose text a community shows before a face is added (none until a community is chosen). */
/** The cached purpose texts (one entry per community), read again after a save. */
export const CONSENT_TEMPLATE_KEY = ['consentTemplate'] as const;

export const useConsentTemplate = (communityId: number | undefined) =>
  useQuery({
    queryKey: [...CONSENT_TEMPLATE_KEY, communityId],
    queryFn: () => call(privacyRoutes.getConsentTemplate, { communityId }),
    enabled: communityId !== undefined,
  });

export const saveConsentTemplate = mutation(privacyRoutes.saveConsentTemplate);
const sendConsentForm = upload(privacyRoutes.uploadConsentForm);
/** The scanned form of a consent record (one file). */
export function uploadConsentForm(consentId: number, file: File) {
  const body = new FormData();
  body.append('consentId', String(consentId));
  body.append('file', file);
  return sendConsentForm(body);
}
export const withdrawConsent = (faceId: number) => mutate(privacyRoutes.withdrawConsent, { faceId });
export const resendErasure = (id: number) => mutate(privacyRoutes.resendErasure, { id });
