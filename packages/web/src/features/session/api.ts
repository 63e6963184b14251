import { type SessionContent, sessionRoutes } from '@gatehouse/contracts';
import { call, callFull, mutate, mutation } from '../../api/client.ts';
import { setSession } from '../../session/store.ts';

export type LoginForm = { username: string; password: string; vcode: string; roleId: number; dx?: string };
export type PhoneCode = { phoneNumber: string; vcode: string };

/** Submits the sign-in; answers the envelope status (200, 203, 205) and content. */
export async function submitLogin(values: LoginForm) {
  const a = await callFull(sessionRoutes.login, values);
  if (a.status === 200) setSession(a.content as SessionContent);
  return a;
}

/** The roles an account may sign in as (no toast: an unknown account just has none). */
export const rolesOf = (regNo: string) => call(sessionRoutes.getRolesByRegNo, { regNo }, { silent: true });

/** Sends the SMS code of an administrator's sign-in. */
export const sendAdminCode = (phoneNumber: string) => mutate(sessionRoutes.sendVcodeAdmin, { phoneNumber });

/** Sends an SMS code to a phone (activation, forgotten password). */
export const sendCode = (phoneNumber: string) => mutate(sessionRoutes.sendVcode, { phoneNumber });

/** Checks a phone's SMS code (first step of the forgotten password). */
export const verifyPhoneCode = (v: PhoneCode) => call(sessionRoutes.validatePhoVcode, v);

export const resetPassword = mutation(sessionRoutes.resetPwd);
export const activateAccount = mutation(sessionRoutes.activeUser);
