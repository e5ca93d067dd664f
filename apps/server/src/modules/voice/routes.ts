import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../plugins/auth.ts';

/** An assistant's JSON, as the module built it (the shapes are Google's and Alexa's, see google-home.ts, alexa.ts). */
const assistantJson = z.record(z.string(), z.unknown());

/**
 * Smart-home fulfillment (issue 12): Google Home intents and Alexa directives, authenticated by the OAuth
 * access token of a linked owner (not a session: CSRF-exempt, see the contract's permissions).
 */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.voice;
  const tags = ['voice'];

  app.post(
    '/api/voice/google',
    {
      schema: {
        tags,
        summary: 'Google Home fulfillment: action.devices.SYNC, QUERY, EXECUTE, DISCONNECT',
        description:
          'Bearer: an access token from /api/oauth/token. 401 for an invalid, expired or revoked token (Google then refreshes). SYNC lists ISAAC as AIRPURIFIER, SKYWALKER as SENSOR and each Lumos gang as a SWITCH.',
        body: assistantJson,
        response: { 200: assistantJson, 400: assistantJson, 401: assistantJson },
      },
    },
    async (request, reply) => {
      const answer = await service.google(bearerToken(request), request.body, {
        ip: request.ip ?? null,
        requestId: request.id ?? null,
      });
      // The assistant's own JSON (typed in google-home.ts / alexa.ts), sent as built.
      return reply.code(answer.status).send(answer.body as Record<string, unknown>);
    },
  );

  app.post(
    '/api/voice/alexa',
    {
      schema: {
        tags,
        summary: 'Alexa Smart Home directives: Discover, ReportState, PowerController, AcceptGrant',
        description:
          'The access token travels in the directive (endpoint.scope, payload.scope or payload.grantee). Errors are Alexa ErrorResponse events (200).',
        body: assistantJson,
        response: { 200: assistantJson, 400: assistantJson, 401: assistantJson },
      },
    },
    async (request, reply) => {
      const answer = await service.alexa(request.body, {
        ip: request.ip ?? null,
        requestId: request.id ?? null,
      });
      return reply.code(answer.status).send(answer.body as Record<string, unknown>);
    },
  );
};
