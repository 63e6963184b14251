import { ROUTES, type SessionContent } from '@gatehouse/contracts';
import { callFull } from '../../api/client.ts';
import { setSession } from '../../session/store.ts';

export type LoginForm = { username: string; password: string; vcode: string; roleId: number; dx?: string };

/** Submits the sign-in; answers the envelope status (200, 203, 205) and content. */
export async function submitLogin(values: LoginForm) {
  const a = await callFull(ROUTES.session.login, values);
  if (a.status === 200) setSession(a.content as SessionContent);
  return a;
}
