import type { SessionContent } from '@gatehouse/contracts';
import { useEffect, useState } from 'react';
import { getSession, onSessionChange } from './store.ts';

/** The cached session, re-rendering when it changes. */
export function useSession(): SessionContent | null {
  const [s, set] = useState(getSession());
  useEffect(() => onSessionChange(() => set(getSession())), []);
  return s;
}
