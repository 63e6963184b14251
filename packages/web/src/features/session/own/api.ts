import { accountRoutes, totpRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutation } from '../../../api/client.ts';

// The signed-in user's own calls (header dialogs): apart from the sign-in calls of api.ts, so the
// sign-in page does not load the account routes.

/** The signed-in user's basic info (profile dialog). */
export const useOwnInfo = () => useQuery({ queryKey: ['showUser'], queryFn: () => call(accountRoutes.showUser) });
export const updateOwnInfo = mutation(accountRoutes.updateBaseInfo);
export const updateOwnPassword = mutation(accountRoutes.updatePwd);

/** The administrator's authenticator. */
export const TOTP_STATE_KEY = ['totpState'];
export const useTotpState = () => useQuery({ queryKey: TOTP_STATE_KEY, queryFn: () => call(totpRoutes.getTotpState), gcTime: 0 });
export const startTotp = () => call(totpRoutes.startTotp);
export const confirmTotp = mutation(totpRoutes.confirmTotp);
export const disableTotp = mutation(totpRoutes.disableTotp);
