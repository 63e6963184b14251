import type { ColumnsType } from 'antd/es/table';
import { type ComponentType, type ReactNode, useState } from 'react';
import { type tr, useT } from '../../i18n/index.ts';
import { AddButton, EditButton } from '../../shared/buttons.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { PlainList } from '../../shared/PlainList.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { deleteGroup, deleteHoliday, deleteSchedule, useGroups, useHolidays, useRulesReload, useSchedules } from './api.ts';
import { groupColumns, holidayColumns, scheduleColumns } from './columns.tsx';
import { GroupDialog } from './GroupDialog.tsx';
import { GroupMembersButton } from './GroupMembersDialog.tsx';
import { HolidayDialog } from './HolidayDialog.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/** What differs between the kinds of rule a tab lists. */
interface RuleKind<Row extends { id: number }> {
  /** Catalogue keys of the Add button and of the empty list. */
  add: string;
  empty: string;
  /** The community's rows of the kind. */
  useList: (communityId: number) => { data?: Row[]; isLoading: boolean };
  /** The columns before the row actions. */
  columns: (t: typeof tr) => ColumnsType<Row>;
  remove: (id: number) => Promise<unknown>;
  /** Catalogue key of the delete question, when not the common one. */
  confirmDelete?: string;
  /** Rows without edit and delete (the built-in schedule). */
  readOnly?: (row: Row) => boolean;
  /** The add (row null) or edit dialog. */
  Dialog: ComponentType<{ communityId: number; row: Row | null; onClose: () => void }>;
  /** A row action of the kind's own (a group's members). */
  Action?: ComponentType<{ row: Row }>;
}

/** A kind's pieces handle its own rows; the tab only passes them from one to the other. */
const ruleKind = <Row extends { id: number }>(kind: RuleKind<Row>) => kind as unknown as RuleKind<{ id: number }>;

const KINDS = {
  schedule: ruleKind({
    add: 'ui.rules.addSchedule',
    empty: 'ui.rules.noSchedules',
    useList: useSchedules,
    columns: scheduleColumns,
    remove: deleteSchedule,
    readOnly: (r) => r.builtIn,
    Dialog: ScheduleDialog,
  }),
  holiday: ruleKind({
    add: 'ui.rules.addHoliday',
    empty: 'ui.rules.noHolidays',
    useList: useHolidays,
    columns: holidayColumns,
    remove: deleteHoliday,
    Dialog: HolidayDialog,
  }),
  group: ruleKind({
    add: 'ui.rules.addGroup',
    empty: 'ui.rules.noGroups',
    useList: useGroups,
    columns: groupColumns,
    remove: deleteGroup,
    confirmDelete: 'ui.rules.confirmDeleteGroup',
    Dialog: GroupDialog,
    Action: GroupMembersButton,
  }),
};

export interface RulesTabProps {
  /** What the tab lists (`KINDS`), the start of its test ids (`<kind>-add`, `<kind>-edit-<id>`, `<kind>-delete-<id>`). */
  kind: keyof typeof KINDS;
  communityId: number;
  /** More buttons after Add (an import). */
  tools?: ReactNode;
}

/** One tab of a community's rules: Add, the whole list with Edit and Delete on each row, the dialog. */
export function RulesTab(p: RulesTabProps) {
  const { t } = useT();
  const reload = useRulesReload(p.communityId);
  const [editing, setEditing] = useState<{ id: number } | null | undefined>(undefined);
  const kind = KINDS[p.kind];
  const list = kind.useList(p.communityId);
  return (
    <>
      <PlainList<{ id: number }>
        toolbar={
          <>
            <AddButton testId={`${p.kind}-add`} onClick={() => setEditing(null)}>
              {t(kind.add)}
            </AddButton>
            {p.tools}
          </>
        }
        rows={list.data}
        loading={list.isLoading}
        empty={t(kind.empty)}
        columns={[
          ...kind.columns(t),
          actionsColumn(
            t('ui.actions'),
            (r) =>
              kind.readOnly?.(r) ? null : (
                <RowActions>
                  <EditButton onClick={() => setEditing(r)} testId={`${p.kind}-edit-${r.id}`} />
                  {kind.Action ? <kind.Action row={r} /> : null}
                  <DeleteButton
                    title={kind.confirmDelete ? t(kind.confirmDelete) : undefined}
                    testId={`${p.kind}-delete-${r.id}`}
                    onConfirm={() => kind.remove(r.id).then(reload)}
                  />
                </RowActions>
              ),
            { width: 160 },
          ),
        ]}
      />
      {editing !== undefined ? <kind.Dialog communityId={p.communityId} row={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
