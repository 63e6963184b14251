import { type ReactNode, useState } from 'react';
import { useListReload } from '../../shared/useListReload.ts';
import { type GateEntry, GateEntryDialog, type GateEntryDialogProps } from './GateEntryDialog.tsx';

type DialogOf<Row> = Pick<GateEntryDialogProps, 'area' | 'schema' | 'save'> & { holder: (row: Row) => string };

/**
 * A door unit's card or face list (/gm/card/:id, /gm/face/:id): row actions that
 * reload the list once done (their error toasts already shown), and the edit dialog
 * of one entry, which reloads it when saved.
 */
export function useGateEntryEdit<Row extends GateEntry>(
  listKey: readonly unknown[],
  dialog: DialogOf<Row>,
): { act: (done: Promise<unknown>) => Promise<void>; edit: (row: Row) => void; editor: ReactNode } {
  const { reload, act } = useListReload(listKey);
  const [editing, setEditing] = useState<Row | null>(null);
  const editor = editing ? (
    <GateEntryDialog
      area={dialog.area}
      holder={dialog.holder(editing)}
      entry={editing}
      schema={dialog.schema}
      save={dialog.save}
      onClose={(saved) => {
        setEditing(null);
        if (saved) void reload();
      }}
    />
  ) : null;
  return { act, edit: setEditing, editor };
}
