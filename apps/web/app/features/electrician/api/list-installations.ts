import { MAX_PAGE_SIZE, type InstallationList, type InstallationSignature } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { installationListView, type InstallationListState } from '../model/lists';
import { electricianKeys } from './keys';

type InstallationSignatureResponse = { signature: InstallationSignature };

/** GET /electrician/installations?sort=&order=&page=&page_size= → {installations} with customer and devices. */
export function listInstallations(
  state: InstallationListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<InstallationList> {
  return apiRequest<InstallationList>(
    `/electrician/installations?${installationListView.apiSearch(state, pageSize)}`,
    { signal },
  );
}

/** A page of my installations; the workflow looks for the one under way among the newest MAX_PAGE_SIZE. */
export function useInstallations(
  state: InstallationListState = installationListView.none,
  pageSize: number = MAX_PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...electricianKeys.installations(), { ...state, pageSize }],
    queryFn: ({ signal }) => listInstallations(state, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
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
