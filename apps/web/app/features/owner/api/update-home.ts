import { HOMES_MESSAGES, type HomeSummary, type UpdateHomeBody } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { homesChanged } from './homes';

export interface HomeUpdate {
  id: string;
  body: UpdateHomeBody;
}

/** PATCH /api/homes/:id {name?, time_zone?} → my homes (the home's owners; its schedules follow a new zone). */
export function updateHome({ id, body }: HomeUpdate): Promise<{ items: HomeSummary[] }> {
  return apiRequest<{ items: HomeSummary[] }>(`/api/homes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** Rename or re-zone a home: the automations' next runs move with the zone, so every screen refetches. */
export function useUpdateHome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateHome,
    onSuccess: (data) => homesChanged(client, data),
    meta: feedback({ success: HOMES_MESSAGES.changed, error: 'Could not save the home' }),
  });
}
