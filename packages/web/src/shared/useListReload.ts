import { useQueryClient } from '@tanstack/react-query';

/**
 * A list's reload, and `act`: awaits a row action (delete, resend, ...; its error
 * toast already shown), then reloads the list either way.
 */
export function useListReload(queryKey: readonly unknown[]) {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey });
  const act = async (done: Promise<unknown>) => {
    await done.catch(() => undefined);
    await reload();
  };
  return { reload, act };
}
