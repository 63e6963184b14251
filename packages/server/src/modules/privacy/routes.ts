import { privacyRoutes } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { consentTemplate, faceConsent, saveConsentTemplate, uploadConsentForm } from './consent.ts';
import { erasuresPage, resendErasure } from './erasure.ts';
import { withdrawConsent } from './withdraw.ts';

const P = privacyRoutes;

/** Personal data: consent, erasure receipts (issue 35; docs/privacy.md). */
export const privacyHandlers: Registered[] = [
  handle(P.getConsentTemplate, async (input, ctx) => consentTemplate(ctx, input.communityId)),
  handle(P.saveConsentTemplate, async (input, ctx) => new Answer(200, await saveConsentTemplate(ctx, input), ['ok.saved'])),
  handle(
    P.uploadConsentForm,
    async (input, ctx, { files }) => new Answer(200, await uploadConsentForm(ctx, input.consentId, files), ['ok.saved']),
  ),
  handle(P.getFaceConsent, async (input, ctx) => faceConsent(ctx, input.faceId)),
  handle(P.withdrawConsent, async (input, ctx) => new Answer(200, await withdrawConsent(ctx, input.faceId), ['ok.deleted'])),
  handle(P.getErasures, async (input, ctx) => erasuresPage(ctx, input)),
  handle(P.resendErasure, async (input, ctx) => new Answer(200, await resendErasure(ctx, input.id), ['ok.resent'])),
];
