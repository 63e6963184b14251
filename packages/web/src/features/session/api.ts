import { ROUTES, type SessionContent } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, callFull, mutate, mutation } from '../../api/client.ts';
import { setSession } from '../../session/store.ts';

export type LoginForm = { username: string; password: string; vcode: string; roleId: number; dx?: string };
export type PhoneCode = { phoneNumber: string; vcode: string };

/** Submits the sign-in; answers the envelope status (200, 203, 205) and content. */
export async function submitLogin(values: LoginForm) {
  const a = await callFull(ROUTES.session.login, values);
  if (a.status === 200) setSession(a.content as SessionContent);
  return a;
}

/** The roles an account may sign in as (no toast: an unknown account just has none). */
export const rolesOf = (regNo: string) => call(ROUTES.session.getRolesByRegNo, { regNo }, { silent: true });

/** Sends the SMS code of an administrator's sign-in. */
export const sendAdminCode = (phoneNumber: string) => mutate(ROUTES.session.sendVcodeAdmin, { phoneNumber });

/** Sends an SMS code to a phone (activation, forgotten password). */
export const sendCode = (phoneNumber: string) => mutate(ROUTES.session.sendVcode, { phoneNumber });

/** Checks a phone's SMS code (first step of the forgotten password). */
export const verifyPhoneCode = (v: PhoneCode) => call(ROUTES.session.validatePhoVcode, v);

export const resetPassword = mutation(ROUTES.session.resetPwd);
export const activateAccount = mutation(ROUTES.session.activeUser);

/** The signed-in user's basic info (profile dialog). */
export const useOwnInfo = () => useQuery({ queryKey: ['showUser'], queryFn: () => call(ROUTES.account.showUser) });
export const updateOwnInfo = mutation(ROUTES.account.updateBaseInfo);
export const updateOwnPassword = mutation(ROUTES.account.updatePwd);

/** The administrator's authenticator. */
export const TOTP_STATE_KEY = ['totpState'];
export const useTotpState = () => useQuery({ queryKey: TOTP_STATE_KEY, queryFn: () => call(ROUTES.totp.getTotpState), gcTime: 0 });
export const startTotp = () => call(ROUTES.totp.startTotp);
export const confirmTotp = mutation(ROUTES.totp.confirmTotp);
export const disableTotp = mutation(ROUTES.totp.disableTotp);
