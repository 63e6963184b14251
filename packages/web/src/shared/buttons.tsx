import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

interface ToolbarButtonProps {
  onClick: () => void;
  testId: string;
  /** The button's text when it is not the plain "Add" / "Import". */
  children?: ReactNode;
}

/** A list toolbar's Add button (primary), opening the page's add dialog. */
export function AddButton({ onClick, testId, children }: ToolbarButtonProps) {
  const { t } = useT();
  return (
    <Button type="primary" onClick={onClick} data-testid={testId}>
      {children ?? t('ui.add')}
    </Button>
  );
}

/** A list toolbar's Import button (a spreadsheet import: `useListImport`). */
export function ImportButton({ onClick, testId, children }: ToolbarButtonProps) {
  const { t } = useT();
  return (
    <Button onClick={onClick} data-testid={testId}>
      {children ?? t('ui.import')}
    </Button>
  );
}

interface RowButtonProps {
  /** The catalogue key of the button's text. */
  label: string;
  onClick: () => void;
  testId?: string;
  disabled?: boolean;
  danger?: boolean;
  type?: 'primary' | 'link';
}

/** A small action button: a list row's (in `RowActions`) or an alert's. */
export function RowButton({ label, onClick, testId, disabled, danger, type }: RowButtonProps) {
  const { t } = useT();
  return (
    <Button size="small" type={type} danger={danger} onClick={onClick} disabled={disabled} data-testid={testId}>
      {t(label)}
    </Button>
  );
}

/** A list row's Edit button, opening the row's edit dialog. */
export const EditButton = (p: Omit<RowButtonProps, 'label'>) => <RowButton label="ui.edit" {...p} />;
