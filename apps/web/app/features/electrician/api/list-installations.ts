import type { InstallationList } from '@isaac/contract';
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
