import { ShellNotifierBridge } from './NotifierBridge.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Shell } from './Shell.tsx';
import { ShellApp } from './ShellApp.tsx';
import { useApp } from '../shared/useApp.ts';

/** The client's toasts go through the shell's message API (one message stack with its pages'). */
function ShellToasts() {
  const { message } = useApp();
  return <ShellNotifierBridge message={message} />;
}

/**
 * The shell behind the session check: one chunk, loaded after the first screen. Its pages and
 * dialogs use what antd's App would give them (message, modal, notification: `useApp()`, `ShellApp.tsx`).
 */
export function SignedInShell() {
  return (
    <ShellApp>
      <ShellToasts />
      <RequireAuth>
        <Shell />
      </RequireAuth>
    </ShellApp>
  );
}
