import { lazy, Suspense, useState } from 'react';
import type { ImportDialogProps } from './ImportDialog.tsx';
import { useListReload } from './useListReload.ts';

// Loaded when opened: a list does not carry the upload code until the user imports.
const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));

/** What an import needs: its title, template and upload routes, the fields sent with the file. */
export type ImportSetup = Omit<ImportDialogProps, 'onClose' | 'onImported'>;

/**
 * A list's spreadsheet import: `open(arg)` shows the ImportDialog of `setup(arg)` (the arg: what
 * the user chose before, e.g. the community to import into; none for most lists), `dialog` is
 * where the page renders it; imported rows reload the list `listKey`.
 */
export function useListImport<Arg = void>(listKey: readonly unknown[], setup: (arg: Arg) => ImportSetup) {
  const { reload } = useListReload(listKey);
  const [opened, setOpened] = useState<{ arg: Arg } | null>(null);
  const dialog = opened ? (
    <Suspense fallback={null}>
      <ImportDialog {...setup(opened.arg)} onClose={() => setOpened(null)} onImported={() => void reload()} />
    </Suspense>
  ) : null;
  return { open: (arg: Arg) => setOpened({ arg }), dialog };
}
