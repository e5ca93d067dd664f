import {
  ROLLOUT_IN_FLIGHT_STATES,
  ROLLOUT_SORTS,
  type NewRollout,
  type Rollout,
  type RolloutAction,
  type RolloutDetail,
  type RolloutList,
} from '@isaac/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listView, type ListState } from '~/components/list';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';

/** /admin/devices/rollouts: `?sort=&order=&page=` (the list kit, ADR 065); newest first by default. */
export const rolloutListView = listView({ sorts: ROLLOUT_SORTS, sort: 'created_at', order: 'desc' });
export type RolloutListState = ListState<(typeof ROLLOUT_SORTS)[number]>;
/** Rollouts per page. */
export const ROLLOUTS_PAGE_SIZE = 20;

/** Query keys of the rollouts screen (issue 14); every action refetches `all`. */
export const rolloutKeys = {
  all: ['admin', 'rollouts'] as const,
  list: (state: RolloutListState) => ['admin', 'rollouts', 'list', state] as const,
  detail: (id: string) => ['admin', 'rollouts', id] as const,
};

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
  // A device in flight (its update command sent, not yet ended) is being updated right now.
  const moving = running.some((r) => ROLLOUT_IN_FLIGHT_STATES.some((state) => r.counts[state] > 0));
  return moving ? LIVE_MS : WAITING_MS;
}

/** GET /api/admin/rollouts?sort=&order=&page=&page_size= → a page of rollouts with their counts. */
export function useRollouts(state: RolloutListState) {
  return useQuery({
    queryKey: rolloutKeys.list(state),
    queryFn: ({ signal }) =>
      apiRequest<RolloutList>(`/api/admin/rollouts?${rolloutListView.apiSearch(state, ROLLOUTS_PAGE_SIZE)}`, {
        signal,
      }),
    refetchInterval: (query) => rolloutPollMs(query.state.data?.rollouts),
    placeholderData: keepPreviousData,
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
