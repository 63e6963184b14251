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

/** A list row's Edit button (small, in `RowActions`), opening the row's edit dialog. */
export function EditButton({ onClick, testId, disabled }: { onClick: () => void; testId?: string; disabled?: boolean }) {
  const { t } = useT();
  return (
    <Button size="small" onClick={onClick} disabled={disabled} data-testid={testId}>
      {t('ui.edit')}
    </Button>
  );
}
