import type { useAppProps } from 'antd/es/app/context';
import { Modal, notification } from 'antd';
import { useEffect } from 'react';

export type Later = Pick<useAppProps, 'notification' | 'modal'>;

/** The shell's notification and modal APIs with their holders (loaded after the shell's first draw, `ShellApp.tsx`). */
export function ShellHolders({ onReady }: { onReady: (apis: Later) => void }) {
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ notification: notificationApi, modal: modalApi }), [onReady, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {notificationHolder}
    </>
  );
}
