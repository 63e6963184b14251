import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect, useLayoutEffect } from 'react';
import { notifier, setNotifier } from '../api/notify.ts';

function useBridge(message: MessageInstance, useAnyEffect: typeof useEffect) {
  useAnyEffect(() => {
    const before = notifier();
    setNotifier({ error: (t) => message.error(t), warning: (t) => message.warning(t), success: (t) => message.success(t) });
    return () => setNotifier(before);
  }, [message]);
}

/**
 * Shows the API client's toasts with an antd message API while mounted, the one before it again
 * after. The app's bridge installs its own in a layout effect, the shell's in a passive one, so the
 * shell's wins while it is shown, even when both mount in one commit.
 */
export function AppNotifierBridge({ message }: { message: MessageInstance }) {
  useBridge(message, useLayoutEffect);
  return null;
}

export function ShellNotifierBridge({ message }: { message: MessageInstance }) {
  useBridge(message, useEffect);
  return null;
}
