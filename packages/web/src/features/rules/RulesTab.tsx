import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { AddButton, EditButton } from '../../shared/buttons.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { PlainList } from '../../shared/PlainList.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { deleteGroup, deleteHoliday, deleteSchedule, useRulesReload } from './api.ts';

/** Per kind of rule: the catalogue keys of its Add button and of its empty list, and its delete. */
const KINDS = {
  schedule: { add: 'ui.rules.addSchedule', empty: 'ui.rules.noSchedules', remove: deleteSchedule },
  holiday: { add: 'ui.rules.addHoliday', empty: 'ui.rules.noHolidays', remove: deleteHoliday },
  group: { add: 'ui.rules.addGroup', empty: 'ui.rules.noGroups', remove: deleteGroup },
} as const;

export interface RulesTabProps<Row extends { id: number }> {
  /** What the tab lists: its texts and delete (`KINDS`), the start of its test ids (`<kind>-add`, `<kind>-edit-<id>`, `<kind>-delete-<id>`). */
  kind: keyof typeof KINDS;
  communityId: number;
  list: { data?: Row[]; isLoading: boolean };
  /** More buttons after Add (an import). */
  tools?: ReactNode;
  /** The columns before the row actions. */
  columns: ColumnsType<Row>;
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
  const kind = KINDS[p.kind];
  return (
    <>
      <PlainList<Row>
        toolbar={
          <>
            <AddButton testId={`${p.kind}-add`} onClick={() => setEditing(null)}>
              {t(kind.add)}
            </AddButton>
            {p.tools}
          </>
        }
        rows={p.list.data}
        loading={p.list.isLoading}
        empty={t(kind.empty)}
        columns={[
          ...p.columns,
          actionsColumn(
            t('ui.actions'),
            (r) =>
              p.readOnly?.(r) ? null : (
                <RowActions>
                  <EditButton onClick={() => setEditing(r)} testId={`${p.kind}-edit-${r.id}`} />
                  <DeleteButton
                    title={p.confirmDelete}
                    testId={`${p.kind}-delete-${r.id}`}
                    onConfirm={() => kind.remove(r.id).then(reload)}
                  />
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
