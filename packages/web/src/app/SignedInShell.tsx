import { RequireAuth } from './RequireAuth.tsx';
import { Shell } from './Shell.tsx';

/** The shell behind the session check: one chunk, loaded after the first screen. */
export function SignedInShell() {
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}
