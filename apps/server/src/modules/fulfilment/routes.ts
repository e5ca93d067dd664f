import {
  acceptInvitationBodySchema,
  invitationSchema,
  INVITATION_MSG,
  messageResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Per-IP budget of the invitation calls (a token is 256 random bits; this only keeps the noise down). */
export const INVITATION_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 } as const;

const tokenParamsSchema = z.object({ token: z.string().min(16).max(200) });

/** Issue 15: a new customer's invitation to set their password (the link in their e-mail). */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.fulfilment;

  app.get(
    '/api/invitations/:token',
    {
      config: { rateLimit: { ...INVITATION_RATE_LIMIT } },
      schema: {
        tags: ['invitations'],
        summary: 'Who an invitation is for (404 unknown, 410 used or expired)',
        params: tokenParamsSchema,
        response: { 200: invitationSchema, ...errorResponses(404, 410, 429) },
      },
    },
    async (request) => service.viewInvitation(request.params.token),
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { rateLimit: { ...INVITATION_RATE_LIMIT } },
      schema: {
        tags: ['invitations'],
        summary: "Set the new account's password from the invitation (once)",
        body: acceptInvitationBodySchema,
        response: {
          200: messageResponseSchema.extend({ email: z.string() }),
          ...errorResponses(400, 404, 410, 429),
        },
      },
    },
    async (request) => {
      const { email } = await service.acceptInvitation(request.body, auditContextOf(request));
      return { message: INVITATION_MSG.accepted, email };
    },
  );
};
