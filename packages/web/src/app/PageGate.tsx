import type { Access } from '@gatehouse/contracts';
import type { ReactNode } from 'react';
import { mayCall } from '../session/access.ts';
import { useSession } from '../session/useSession.ts';
import { Forbidden } from './errorScreens.tsx';

/**
 * A page opens only for a user holding one of its menus; anyone else sees "no
 * permission" at once instead of a screen whose calls would answer 403 (the server
 * checks again). Shown in place and re-checked when the session changes, so a grant
 * that arrives with the session refresh of the page load opens the page.
 */
export function PageGate({ access, children }: { access: Access; children: ReactNode }) {
  useSession();
  return mayCall(access) ? children : <Forbidden />;
}
