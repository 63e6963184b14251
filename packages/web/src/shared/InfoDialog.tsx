import { Modal } from 'antd';
import type { ReactNode } from 'react';

/** A dialog that only shows something: one button (OK) closes it, as does the corner cross. */
export function InfoDialog({
  title,
  width,
  onClose,
  children,
}: {
  title: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={width}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
