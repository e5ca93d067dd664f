import {
  ELECTRICIAN_MSG,
  accountElectricianListSchema,
  idParamsSchema,
  messageResponseSchema,
  ownerInstallationListSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/**
 * The owner's side of installations (issue 11): their installation records, who works in their home and
 * until when, and Revoke. The electrician's side is under /electrician (modules/electrician/routes.ts).
 */
export const installationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { installations, customerAssignments } = app.services;

  app.get(
    '/api/installations',
    {
      schema: {
        tags: ['owner devices'],
        summary:
          "The caller's installation records (owner): devices, electrician, handover and the signature",
        response: { 200: ownerInstallationListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      installations: await installations.ownerInstallations(requireAuth(request).userId),
    }),
  );

  // The owner's side: who works in my home, and Revoke.
  app.get(
    '/api/account/electricians',
    {
      schema: {
        tags: ['account'],
        summary: "The electricians assigned to the caller's home, with full or read-only access",
        response: { 200: accountElectricianListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      electricians: await customerAssignments.electriciansOf(requireAuth(request).userId),
    }),
  );

  app.delete(
    '/api/account/electricians/:id',
    {
      schema: {
        tags: ['account'],
        summary: "End an electrician's access to the caller's home",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await customerAssignments.revoke(
        requireAuth(request).userId,
        request.params.id,
        auditContextOf(request),
      );
      return { message: ELECTRICIAN_MSG.accessRevoked };
    },
  );
};
