import type { NewRollout, Rollout, RolloutDetail, RolloutState } from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';

/** Query keys of the rollouts screen (issue 14); every action refetches `all`. */
export const rolloutKeys = {
  all: ['admin', 'rollouts'] as const,
  detail: (id: string) => ['admin', 'rollouts', id] as const,
};

/** A device in one of these states is being updated right now. */
const MOVING: ReadonlySet<RolloutState> = new Set([
  'INITIATED',
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
]);
/** While a device is being updated the screen follows it every 2 s ... */
export const LIVE_MS = 2000;
/** ... while a rollout runs with nothing in progress (devices queued until they come online) every 10 s ... */
export const WAITING_MS = 10_000;
/** ... and every 30 s when no rollout runs (issue 30: the 2 s poll filled the development log). */
export const IDLE_MS = 30_000;

/** How often the rollouts screen refetches, from what its rollouts are doing. */
export function rolloutPollMs(rollouts: readonly Pick<Rollout, 'status' | 'counts'>[] | undefined): number {
  const running = (rollouts ?? []).filter((r) => r.status === 'running');
  if (running.length === 0) return IDLE_MS;
  const moving = running.some((r) =>
    Object.entries(r.counts).some(([state, count]) => MOVING.has(state as RolloutState) && count > 0),
  );
  return moving ? LIVE_MS : WAITING_MS;
}

export function useRollouts() {
  return useQuery({
    queryKey: rolloutKeys.all,
    queryFn: ({ signal }) => apiRequest<{ rollouts: Rollout[] }>('/api/admin/rollouts', { signal }),
    refetchInterval: (query) => rolloutPollMs(query.state.data?.rollouts),
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

export function useRollout(id: string | null) {
  return useQuery({
    queryKey: rolloutKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<RolloutDetail>(`/api/admin/rollouts/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const rollout = query.state.data?.rollout;
      return rolloutPollMs(rollout ? [rollout] : undefined);
    },
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

export function useStartRollout() {
  return useMutation({
    mutationFn: (body: NewRollout) =>
      apiRequest<RolloutDetail>('/api/admin/rollouts', { method: 'POST', body }),
    meta: feedback({ success: 'Rollout started', invalidates: [rolloutKeys.all] }),
  });
}

export type RolloutAction = 'pause' | 'resume' | 'cancel' | 'retry';
const DONE: Record<RolloutAction, string> = {
  pause: 'Rollout paused',
  resume: 'Rollout resumed',
  cancel: 'Rollout cancelled',
  retry: 'Failed devices queued again',
};

export function useRolloutAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: RolloutAction }) =>
      apiRequest<RolloutDetail>(`/api/admin/rollouts/${encodeURIComponent(id)}/actions`, {
        method: 'POST',
        body: { action },
      }),
    meta: feedback<RolloutDetail, { action: RolloutAction }>({
      success: (_result, variables) => DONE[variables.action],
      error: 'The rollout could not be changed',
      invalidates: [rolloutKeys.all],
    }),
  });
}
