import { MSG, type AssignCustomersResponse } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { invalidateAssignments } from './assignments-cache';

export interface CustomerAssignment {
  electricianId: string;
  customerIds: string[];
  installationDate: string;
}

/** POST /api/admin/electricians/:electrician_id/customers {customer_ids, installation_date}. */
export function assignCustomers({
  electricianId,
  customerIds,
  installationDate,
}: CustomerAssignment): Promise<AssignCustomersResponse> {
  return apiRequest<AssignCustomersResponse>(
    `/api/admin/electricians/${encodeURIComponent(electricianId)}/customers`,
    { method: 'POST', body: { customer_ids: customerIds, installation_date: installationDate } },
  );
}

/** The success toast, then who moved from another electrician (the server's notice), if anyone. */
export function useAssignCustomers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignCustomers,
    onSuccess: (result) => {
      toast.success(MSG.customersAssigned);
      if (result.notice) toast.info(result.notice);
    },
    onError: (err) => toast.error(errorMessage(err, MSG.customersAssignFailed)),
    onSettled: () => invalidateAssignments(client),
  });
}
