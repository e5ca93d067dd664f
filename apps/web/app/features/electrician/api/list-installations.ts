import type { InstallationList, InstallationSignature } from '@isaac/contract';

type InstallationSignatureResponse = { signature: InstallationSignature };
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ELECTRICIAN_PAGE, electricianKeys } from './keys';

/** GET /electrician/installations?page=1 → {installations} with customer and devices. */
export function listInstallations(signal?: AbortSignal): Promise<InstallationList> {
  return apiRequest<InstallationList>(`/electrician/installations?${ELECTRICIAN_PAGE}`, { signal });
}

export function useInstallations() {
  return useQuery({
    queryKey: electricianKeys.installations(),
    queryFn: ({ signal }) => listInstallations(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}

/** GET /api/electrician/installations/{id}/signature: the sign-off with its image (read when a card shows it). */
export function useInstallationSignature(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...electricianKeys.installations(), 'signature', id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<InstallationSignatureResponse>(
          `/api/electrician/installations/${encodeURIComponent(id)}/signature`,
          { signal },
        )
      ).signature,
    enabled,
    staleTime: Infinity,
  });
}
