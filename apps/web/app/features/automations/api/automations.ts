import {
  AUTOMATION_MSG,
  type Automation,
  type AutomationDefinitionInput,
  type AutomationRun,
  type DeviceList,
  type PageMeta,
} from '@isaac/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { AUTOMATIONS_MSG } from '../model/messages';
import { automationKeys } from './keys';

const BASE = '/api/automations';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** GET /api/automations (refreshed like the dashboards: last and next runs move). */
export function useAutomations() {
  return useQuery({
    queryKey: automationKeys.list(),
    queryFn: async () => (await apiRequest<{ automations: Automation[] }>(BASE)).automations,
    ...DASHBOARD_QUERY_OPTIONS,
  });
}

/** The owner's devices for the pickers (GET /api/devices, the largest page). */
export function useAutomationDevices() {
  return useQuery({
    queryKey: automationKeys.devices(),
    queryFn: async () => (await apiRequest<DeviceList>('/api/devices?page_size=100')).devices,
  });
}

/** POST (new) or PUT (existing) an automation. */
export function useSaveAutomation() {
  return useMutation({
    mutationFn: ({ id, definition }: { id: string | null; definition: AutomationDefinitionInput }) =>
      apiRequest<{ automation: Automation }>(id ? one(id) : BASE, {
        method: id ? 'PUT' : 'POST',
        body: definition,
      }),
    meta: feedback<unknown, { id: string | null }>({
      success: (_data, { id }) => (id ? AUTOMATION_MSG.saved : AUTOMATION_MSG.created),
      error: AUTOMATIONS_MSG.saveFailed,
      invalidates: [automationKeys.all],
    }),
  });
}

export function useSetAutomationEnabled() {
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      apiRequest<{ automation: Automation }>(`${one(id)}/enabled`, { method: 'PUT', body: { enabled } }),
    meta: feedback<unknown, { enabled: boolean }>({
      success: (_data, { enabled }) => (enabled ? AUTOMATIONS_MSG.switchedOn : AUTOMATIONS_MSG.switchedOff),
      error: AUTOMATIONS_MSG.saveFailed,
      invalidates: [automationKeys.all],
    }),
  });
}

export function useDeleteAutomation() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(one(id), { method: 'DELETE' }),
    meta: feedback({
      success: AUTOMATION_MSG.deleted,
      error: AUTOMATIONS_MSG.deleteFailed,
      invalidates: [automationKeys.all],
    }),
  });
}

/** GET …/:id/runs?page: an automation's history, newest first. */
export function useAutomationRuns(id: string, page: number) {
  return useQuery({
    queryKey: automationKeys.runs(id, page),
    queryFn: () =>
      apiRequest<PageMeta & { runs: AutomationRun[] }>(`${one(id)}/runs?page=${page}&page_size=10`),
    placeholderData: keepPreviousData,
  });
}
