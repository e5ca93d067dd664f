import {
  idParamsSchema,
  messageResponseSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnabledSchema,
  twoFactorRecoveryCodesBodySchema,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuthUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/**
 * Two-factor sign-in (ADR 028): the caller's own enrolment under /api/account (every signed-in user,
 * also an admin who must enrol before the admin API answers), and an admin's reset of another user's.
 * The service is `app.services.twoFactor` (the sign-in and the auth hook use it too).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.twoFactor;
  const tags = ['account'];

  app.get(
    '/api/account/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether your two-factor sign-in is on, recovery codes left, and whether it is required',
        response: { 200: twoFactorStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.status(requireAuthUser(request)),
  );

  app.post(
    '/api/account/two-factor/setup',
    {
      schema: {
        tags,
        summary:
          'Start setting up two-factor sign-in: a new secret with its otpauth URL and QR code (shown once)',
        response: { 200: twoFactorSetupSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => service.setup(requireAuthUser(request)),
  );

  app.post(
    '/api/account/two-factor/enable',
    {
      schema: {
        tags,
        summary: 'Finish the setup with a code from the app; answers the recovery codes (shown once)',
        body: twoFactorEnableBodySchema,
        response: { 200: twoFactorEnabledSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.enable(requireAuthUser(request), request.body.code, auditContextOf(request)),
  );

  app.post(
    '/api/account/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (password and a current or recovery code)',
        body: twoFactorDisableBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => ({
      message: await service.disable(requireAuthUser(request), request.body, auditContextOf(request)),
    }),
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary:
          'New recovery codes (password and a current or recovery code); the old ones stop working. Shown once',
        body: twoFactorRecoveryCodesBodySchema,
        response: { 200: twoFactorRecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      service.renewRecoveryCodes(requireAuthUser(request), request.body, auditContextOf(request)),
  );

  app.post(
    '/api/admin/users/:id/two-factor/reset',
    {
      schema: {
        tags: ['admin'],
        summary: "Reset a user's two-factor sign-in (lost phone): it is turned off and their sessions end",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ message: await service.reset(request.params.id, auditContextOf(request)) }),
  );
};
