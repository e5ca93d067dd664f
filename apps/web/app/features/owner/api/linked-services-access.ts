import type { LinkedServicesResponse } from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { feedback } from '~/lib/mutation-feedback';
import { ownerKeys } from './keys';

/** GET /api/account/linked-services → the voice assistants linked to my account. */
export function listLinkedServices(signal?: AbortSignal): Promise<LinkedServicesResponse> {
  return apiRequest('/api/account/linked-services', { signal });
}

export function useLinkedServices() {
  return useQuery({
    queryKey: ownerKeys.linkedServices(),
    queryFn: ({ signal }) => listLinkedServices(signal),
    // Retry once, refresh every 30 s (last used moves while the page is open).
    ...DASHBOARD_QUERY_OPTIONS,
  });
}

/** DELETE /api/account/linked-services/{id}: the service's tokens stop working at once. */
export function unlinkService(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/account/linked-services/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useUnlinkService() {
  return useMutation({
    mutationFn: unlinkService,
    meta: feedback<{ message: string }, string>({
      success: (result) => result.message,
      error: 'Failed to unlink the service',
      invalidates: [ownerKeys.linkedServices()],
    }),
  });
}
