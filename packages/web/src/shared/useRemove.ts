import type { RouteDef } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { mutate } from '../api/client.ts';

/**
 * Deletes rows by id through a batch-delete route, then reloads the list; answers
 * whether it worked (the error toast has been shown when it did not).
 */
export function useRemove(route: RouteDef, listKey: readonly unknown[]) {
  const qc = useQueryClient();
  return async (ids: number[]): Promise<boolean> => {
    try {
      await mutate(route, { ids });
      await qc.invalidateQueries({ queryKey: listKey });
      return true;
    } catch {
      return false;
    }
  };
}
