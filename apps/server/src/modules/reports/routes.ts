import {
  reportCsvFilename,
  reportCsvSchema,
  reportQuerySchema,
  reportSchema,
  reportSeriesParamsSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { seriesCsv } from './csv.ts';

/** Admin reports (issue 10): the time series as JSON, and each series as a CSV download. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reports;

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['admin', 'reports'],
        summary:
          'Time series per day or ISO week: paid orders and revenue, new users, devices, installations',
        description:
          'Dates are whole UTC days (YYYY-MM-DD), both included, at most 732 days; `bucket` is `day` (default) ' +
          'or `week`. Every bucket is present (zeros when empty). Revenue is in integer paise, paid orders ' +
          'only, by payment time. `devices_online` is the share online now (history is not stored).',
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.report(request.query),
  );

  app.get(
    '/api/admin/reports/:series.csv',
    {
      schema: {
        tags: ['admin', 'reports'],
        summary: 'One series as CSV (orders, users, devices or installations), same query as the report',
        params: reportSeriesParamsSchema,
        querystring: reportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: reportCsvSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { series } = request.params;
      const csv = seriesCsv(series, await service.series(series, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportCsvFilename(series, request.query)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
