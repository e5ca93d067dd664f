import { type AssignCustomersResponse, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { toast } from '~/lib/toast';
import { ASSIGNMENT_INVALIDATES } from './assignments-keys';

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

export function useAssignCustomers() {
  return useMutation({
    mutationFn: assignCustomers,
    meta: feedback({
      success: ADMIN_MSG.customersAssigned,
      error: ADMIN_MSG.customersAssignFailed,
      invalidates: ASSIGNMENT_INVALIDATES,
    }),
    // Who moved from another electrician, after the spec's success toast.
    onSuccess: (result: AssignCustomersResponse) => {
      if (result.notice) toast.info(result.notice);
    },
  });
}
