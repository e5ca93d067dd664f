import { ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ASSIGNMENT_INVALIDATES } from './assignments-keys';

export interface CustomerUnassignment {
  electricianId: string;
  customerId: string;
}

/** DELETE /api/admin/electricians/:electrician_id/customers/:customer_id. */
export function unassignCustomer({
  electricianId,
  customerId,
}: CustomerUnassignment): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(
    `/api/admin/electricians/${encodeURIComponent(electricianId)}/customers/${encodeURIComponent(customerId)}`,
    { method: 'DELETE' },
  );
}

export function useUnassignCustomer() {
  return useMutation({
    mutationFn: unassignCustomer,
    meta: feedback({
      success: ADMIN_MSG.customerUnassigned,
      error: ADMIN_MSG.customerUnassignFailed,
      invalidates: ASSIGNMENT_INVALIDATES,
    }),
  });
}
