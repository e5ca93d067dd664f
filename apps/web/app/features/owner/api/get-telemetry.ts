import { TELEMETRY_RANGES, type TelemetryRange, type TelemetryResponse } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ownerKeys } from './keys';

/** GET /api/devices/{id}/telemetry for one of the chart's ranges (ending now). */
export function getTelemetry(
  id: string,
  range: TelemetryRange,
  signal?: AbortSignal,
): Promise<TelemetryResponse> {
  const { hours, bucket } = TELEMETRY_RANGES[range];
  const to = new Date();
  const from = new Date(to.getTime() - hours * 3_600_000);
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), bucket });
  return apiRequest(`/api/devices/${encodeURIComponent(id)}/telemetry?${query}`, { signal });
}

export function useTelemetry(id: string, range: TelemetryRange) {
  return useQuery({
    queryKey: [...ownerKeys.devices(), id, 'telemetry', range] as const,
    queryFn: ({ signal }) => getTelemetry(id, range, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
