import { ELECTRICIAN_MSG, type AccountElectrician } from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ownerKeys } from './keys';

/** GET /api/account/electricians → the electricians with access to my home. */
export function listHomeElectricians(signal?: AbortSignal): Promise<{ electricians: AccountElectrician[] }> {
  return apiRequest('/api/account/electricians', { signal });
}

export function useHomeElectricians() {
  return useQuery({
    queryKey: ownerKeys.electricians(),
    queryFn: ({ signal }) => listHomeElectricians(signal),
  });
}

/** DELETE /api/account/electricians/{id}: the electrician's access to my home ends at once. */
export function revokeElectrician(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/account/electricians/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeElectrician() {
  return useMutation({
    mutationFn: revokeElectrician,
    meta: feedback({
      success: ELECTRICIAN_MSG.accessRevoked,
      error: 'Failed to revoke access',
      invalidates: [ownerKeys.electricians()],
    }),
  });
}
