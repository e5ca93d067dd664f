import type { NewRollout, Rollout, RolloutDetail } from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';

/** Query keys of the rollouts screen (issue 14); every action refetches `all`. */
export const rolloutKeys = {
  all: ['admin', 'rollouts'] as const,
  detail: (id: string) => ['admin', 'rollouts', id] as const,
};

/** While anything moves, the screen follows it every 2 s; otherwise every 30 s. */
const LIVE_MS = 2000;
const IDLE_MS = 30_000;
const live = (status: Rollout['status'] | undefined) => (status === 'running' ? LIVE_MS : IDLE_MS);

export function useRollouts() {
  return useQuery({
    queryKey: rolloutKeys.all,
    queryFn: ({ signal }) => apiRequest<{ rollouts: Rollout[] }>('/api/admin/rollouts', { signal }),
    refetchInterval: (query) =>
      query.state.data?.rollouts.some((r) => r.status === 'running') ? LIVE_MS : IDLE_MS,
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
    refetchInterval: (query) => live(query.state.data?.rollout.status),
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
