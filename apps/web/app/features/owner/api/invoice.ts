import type { Invoice } from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { feedback } from '~/lib/mutation-feedback';
import { saveFile } from '~/lib/save-file';
import { ownerKeys } from './keys';

const invoicePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice`;

/** GET /api/orders/:id/invoice → the tax invoice as issued (seller, place of supply, HSN per line, tax split). */
export function useInvoice(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ownerKeys.invoice(orderId),
    queryFn: ({ signal }) => apiRequest<Invoice>(invoicePath(orderId), { signal }),
    enabled,
    ...DASHBOARD_QUERY_OPTIONS,
  });
}

export const INVOICE_PDF_FAILED = 'Could not download the invoice';

/** GET /api/orders/:id/invoice.pdf, handed to the browser as `invoice-<number>.pdf`. */
export async function downloadInvoicePdf(orderId: string, number: string): Promise<string> {
  const pdf = await apiBlob(`${invoicePath(orderId)}.pdf`);
  return saveFile(pdf, `invoice-${number}.pdf`);
}

export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: ({ orderId, number }: { orderId: string; number: string }) =>
      downloadInvoicePdf(orderId, number),
    meta: feedback({ error: INVOICE_PDF_FAILED }),
  });
}
