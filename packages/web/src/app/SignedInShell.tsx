import { App } from 'antd';
import { ShellNotifierBridge } from './NotifierBridge.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Shell } from './Shell.tsx';

/** The client's toasts go through the shell's antd App (one message stack with its pages'). */
function ShellToasts() {
  const { message } = App.useApp();
  return <ShellNotifierBridge message={message} />;
}

/**
 * The shell behind the session check: one chunk, loaded after the first screen. Its pages and
 * dialogs use antd's App (message, modal, notification: `App.useApp()`).
 */
export function SignedInShell() {
  return (
    <App component={false}>
      <ShellToasts />
      <RequireAuth>
        <Shell />
      </RequireAuth>
    </App>
  );
}
