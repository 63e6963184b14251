import { ROUTES } from '@gatehouse/contracts';
import { Answer, doneAnswer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import * as totp from './totp-enrolment.ts';

const T = ROUTES.totp;

/** Administrator authenticator enrolment (profile dialog). */
export const totpHandlers: Registered[] = [
  handle(T.getTotpState, async (_input, ctx) => totp.totpState(ctx)),
  handle(T.startTotp, async (_input, ctx) => totp.startTotp(ctx)),
  handle(T.confirmTotp, async (input, ctx) => new Answer(200, await totp.confirmTotp(ctx, input.code), ['totp.enabled'])),
  handle(T.disableTotp, async (input, ctx) => doneAnswer(totp.disableTotp(ctx, input), 'totp.disabled')),
];
