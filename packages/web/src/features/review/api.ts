import { reviewRoutes } from '@gatehouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, mutate } from '../../api/client.ts';

/** Same cadence as the import progress dialog. */
export const MOVE_OUT_POLL_MS = 1000;

export type Subject = { account: string } | { addressId: number };

export const reviewKey = (s: Subject | null) => ['review', s] as const;
export const UNUSED_KEY = ['unusedCredentials'] as const;

/** The review of an account or a household (nothing before one is chosen). */
export const useReview = (s: Subject | null) =>
  useQuery({ queryKey: reviewKey(s), queryFn: () => call(reviewRoutes.getReview, s ?? {}), enabled: s !== null });

export const useMoveOutPreview = (s: Subject | null, open: boolean) =>
  useQuery({ queryKey: ['moveOutPreview', s], queryFn: () => call(reviewRoutes.previewMoveOut, s ?? {}), enabled: open && s !== null });

/** The progress of a move-out, polled until every unit acknowledged. */
export const useMoveOutProgress = (id: number | null) =>
  useQuery({
    queryKey: ['moveOutProgress', id],
    queryFn: () => call(reviewRoutes.getMoveOutProgress, { id }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.done ? false : MOVE_OUT_POLL_MS),
  });

export const runMoveOut = (s: Subject, reason: string) => mutate(reviewRoutes.moveOut, { ...s, reason });
export const resendMoveOut = (id: number) => mutate(reviewRoutes.resendMoveOut, { id });
export const expireUnused = (cards: number[], faces: number[], action: 'disable' | 'delete') =>
  mutate(reviewRoutes.expireUnused, { cards: cards.join(','), faces: faces.join(','), action });
