import { MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { invalidateAssignments } from './assignments-cache';

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
  const client = useQueryClient();
  return useMutation({
    mutationFn: unassignCustomer,
    onSuccess: () => toast.success(MSG.customerUnassigned),
    onError: (err) => toast.error(errorMessage(err, MSG.customerUnassignFailed)),
    onSettled: () => invalidateAssignments(client),
  });
}
