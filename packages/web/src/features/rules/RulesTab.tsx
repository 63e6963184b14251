import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { AddButton, EditButton } from '../../shared/buttons.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { PlainList } from '../../shared/PlainList.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { useRulesReload } from './api.ts';

export interface RulesTabProps<Row extends { id: number }> {
  /** What the tab lists: the start of its test ids (`<kind>-add`, `<kind>-edit-<id>`, `<kind>-delete-<id>`). */
  kind: 'schedule' | 'holiday' | 'group';
  communityId: number;
  list: { data?: Row[]; isLoading: boolean };
  /** The Add button's text and the empty list's (already translated). */
  addText: string;
  empty: string;
  /** More buttons after Add (an import). */
  tools?: ReactNode;
  /** The columns before the row actions. */
  columns: ColumnsType<Row>;
  remove: (id: number) => Promise<unknown>;
  /** The delete question, when not the common one. */
  confirmDelete?: string;
  /** Rows without edit and delete (the built-in schedule). */
  readOnly?: (row: Row) => boolean;
  /** The add (row null) or edit dialog. */
  dialog: (row: Row | null, onClose: () => void) => ReactNode;
}

/** One tab of a community's rules: Add, the whole list with Edit and Delete on each row, the dialog. */
export function RulesTab<Row extends { id: number }>(p: RulesTabProps<Row>) {
  const { t } = useT();
  const reload = useRulesReload(p.communityId);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  return (
    <>
      <PlainList<Row>
        toolbar={
          <>
            <AddButton testId={`${p.kind}-add`} onClick={() => setEditing(null)}>
              {p.addText}
            </AddButton>
            {p.tools}
          </>
        }
        rows={p.list.data}
        loading={p.list.isLoading}
        empty={p.empty}
        columns={[
          ...p.columns,
          actionsColumn(
            t('ui.actions'),
            (r) =>
              p.readOnly?.(r) ? null : (
                <RowActions>
                  <EditButton onClick={() => setEditing(r)} testId={`${p.kind}-edit-${r.id}`} />
                  <DeleteButton title={p.confirmDelete} testId={`${p.kind}-delete-${r.id}`} onConfirm={() => p.remove(r.id).then(reload)} />
                </RowActions>
              ),
            { width: 160 },
          ),
        ]}
      />
      {editing !== undefined ? p.dialog(editing, () => setEditing(undefined)) : null}
    </>
  );
}
