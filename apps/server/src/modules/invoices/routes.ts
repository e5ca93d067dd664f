import { idParamsSchema, invoiceSchema } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** The buyer's tax invoices (issue 29): JSON for the invoice page, and the PDF to download. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.invoices;

  app.get(
    '/api/orders/:id/invoice',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The tax invoice of one of the caller's paid orders: seller, place of supply, HSN/SAC per line, CGST+SGST or IGST",
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(requireAuth(request).userId, request.params.id),
  );

  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: "The tax invoice of one of the caller's paid orders, as an A4 PDF (attachment)",
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('application/pdf: the invoice'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { invoice, pdf } = await service.pdf(requireAuth(request).userId, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
