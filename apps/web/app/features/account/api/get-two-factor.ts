import type { TwoFactorStatus } from '@isaac/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { accountKeys } from './keys';

/** GET /api/account/two-factor → {enabled, enabled_at, recovery_codes_left, required}. */
export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>('/api/account/two-factor', { signal });
}

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: accountKeys.twoFactor(),
    queryFn: ({ signal }) => getTwoFactor(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

export function useTwoFactor() {
  return useQuery(twoFactorQuery());
}
