import { HOMES_MESSAGES, type HomeSummary } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { homesChanged } from './homes';

/** DELETE /api/homes/:id → my homes left (409 while the home has devices: the server says what to do). */
export function deleteHome(home: Pick<HomeSummary, '_id' | 'name'>): Promise<{ items: HomeSummary[] }> {
  return apiRequest<{ items: HomeSummary[] }>(`/api/homes/${encodeURIComponent(home._id)}`, {
    method: 'DELETE',
  });
}

/** Delete a home: if it was my current one, the one I used before it becomes current. */
export function useDeleteHome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteHome,
    onSuccess: (data) => homesChanged(client, data),
    meta: feedback<{ items: HomeSummary[] }, Pick<HomeSummary, '_id' | 'name'>>({
      success: (_data, home) => HOMES_MESSAGES.deleted(home.name),
      error: 'Could not delete the home',
    }),
  });
}
