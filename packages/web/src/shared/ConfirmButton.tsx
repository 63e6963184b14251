import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

export interface ConfirmButtonProps {
  /** The question (translated). */
  title: ReactNode;
  onConfirm: () => unknown;
  children: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A small row-action button behind an OK / Cancel confirmation. */
export function ConfirmButton({ title, onConfirm, children, danger, disabled, testId }: ConfirmButtonProps) {
  const { t } = useT();
  return (
    <Popconfirm title={title} okText={t('ui.ok')} cancelText={t('ui.cancel')} onConfirm={onConfirm} disabled={disabled}>
      <Button size="small" danger={danger} disabled={disabled} data-testid={testId} data-confirm="">
        {children}
      </Button>
    </Popconfirm>
  );
}

/** The row's Delete button ("Confirm delete?" unless another question is given). */
export function DeleteButton({ onConfirm, title, testId }: { onConfirm: () => unknown; title?: ReactNode; testId?: string }) {
  const { t } = useT();
  return (
    <ConfirmButton danger title={title ?? t('ui.confirmDelete')} onConfirm={onConfirm} testId={testId}>
      {t('ui.delete')}
    </ConfirmButton>
  );
}
