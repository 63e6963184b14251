import type { ReactNode } from 'react';

/** The add-or-edit dialog of a list page: adding, or editing a row (a page's dialog state may add kinds of its own). */
export type AddOrEdit<Row> = { kind: 'add' } | { kind: 'edit'; row: Row };

/**
 * The add-or-edit dialog when the page's dialog state is one: `render(undefined)` to add,
 * `render(row)` to edit; null for any other state (closed, another dialog).
 */
export function addOrEdit<Row>(dialog: AddOrEdit<Row> | { kind: string } | null, render: (row: Row | undefined) => ReactNode): ReactNode {
  if (dialog?.kind === 'add') return render(undefined);
  if (dialog?.kind === 'edit') return render((dialog as { row: Row }).row);
  return null;
}
