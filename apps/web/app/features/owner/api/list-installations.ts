import type { OwnerInstallation } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { ownerKeys } from './keys';

/** GET /api/installations → my home's installation records (devices, electrician, handover, signature). */
export function listMyInstallations(signal?: AbortSignal): Promise<{ installations: OwnerInstallation[] }> {
  return apiRequest('/api/installations', { signal });
}

export function useMyInstallations(enabled: boolean) {
  return useQuery({
    queryKey: ownerKeys.installations(),
    queryFn: ({ signal }) => listMyInstallations(signal),
    enabled,
  });
}
