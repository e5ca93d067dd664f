import { HOMES_MESSAGES, type HomeSummary, type NewHomeBody } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { homesChanged } from './homes';

/** POST /api/homes {name, time_zone} → my homes, the new one current (issue 32). */
export function createHome(body: NewHomeBody): Promise<{ items: HomeSummary[] }> {
  return apiRequest<{ items: HomeSummary[] }>('/api/homes', { method: 'POST', body });
}

/** A new home: it becomes my current one, so the switcher shows it and every screen reads it. */
export function useCreateHome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createHome,
    onSuccess: (data) => homesChanged(client, data),
    meta: feedback<{ items: HomeSummary[] }, NewHomeBody>({
      success: (_data, body) => HOMES_MESSAGES.created(body.name.trim()),
      error: 'Could not create the home',
    }),
  });
}
