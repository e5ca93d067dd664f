import {
  authorizationCheckResponseSchema,
  authorizationDecisionResponseSchema,
  authorizationDecisionSchema,
  authorizationRequestSchema,
  idParamsSchema,
  linkedServicesResponseSchema,
  messageResponseSchema,
  newOAuthClientSchema,
  OAUTH_MSG,
  oauthClientListQuerySchema,
  oauthClientListResponseSchema,
  oauthClientSchema,
  oauthClientSecretResponseSchema,
  oauthClientUpdateSchema,
} from '@isaac/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireAuthUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';
import type { OAuthHttpAnswer, OAuthHttpRequest } from './service.ts';

/** A form-encoded body's fields (the last value of a repeated field; RFC 6749 forbids repeating them). */
function formFields(body: unknown): Record<string, string> {
  if (body === null || typeof body !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

function oauthRequestOf(request: FastifyRequest): OAuthHttpRequest {
  return { method: request.method, headers: request.headers, query: {}, body: formFields(request.body) };
}

function send(reply: FastifyReply, answer: OAuthHttpAnswer) {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** RFC 6749's token response, and its error body (documented for OpenAPI; sent as the library built them). */
const tokenResponseSchema = z.looseObject({
  access_token: z.string().optional(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
const formBodySchema = z.record(z.string(), z.unknown()).optional();

/**
 * Voice-assistant account linking (issue 12, ADR 035): the authorization request's check and the owner's
 * consent, the token and revocation endpoints (form-encoded, RFC 6749 / 7009), an owner's linked services
 * and the admin's client registry.
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.oauth;
  const tags = ['voice linking'];

  // Form-encoded bodies (the token and revocation endpoints): fields as strings, parsed in this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  app.get(
    '/api/oauth/authorize/check',
    {
      schema: {
        tags,
        summary:
          'Check an authorization request: the client and its exact redirect URI (for /login and consent)',
        querystring: authorizationRequestSchema,
        response: { 200: authorizationCheckResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => (await service.check(request.query)).check,
  );

  app.post(
    '/api/oauth/authorize',
    {
      schema: {
        tags,
        summary: "The owner's consent: a single-use code (or access_denied) for the client's redirect URI",
        body: authorizationDecisionSchema,
        response: { 200: authorizationDecisionResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.decide(requireAuthUser(request), request.body),
  );

  app.post(
    '/api/oauth/token',
    {
      schema: {
        tags,
        summary: 'Token endpoint: authorization_code (with PKCE) and refresh_token grants, form-encoded',
        description:
          'Client authentication by HTTP Basic or client_id/client_secret in the body; a public client sends its client_id and code_verifier. Access tokens are opaque and live 3600 s; refresh tokens live until the link ends.',
        body: formBodySchema,
        response: { 200: tokenResponseSchema, 400: tokenResponseSchema, 401: tokenResponseSchema },
      },
    },
    async (request, reply) => send(reply, await service.token(oauthRequestOf(request))),
  );

  app.post(
    '/api/oauth/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a refresh token (ends the link) or an access token (RFC 7009), form-encoded',
        body: formBodySchema,
        response: { 200: tokenResponseSchema, 400: tokenResponseSchema, 401: tokenResponseSchema },
      },
    },
    async (request, reply) => send(reply, await service.revoke(oauthRequestOf(request))),
  );

  app.get(
    '/api/account/linked-services',
    {
      schema: {
        tags,
        summary:
          'The services linked to my account (voice assistants), with when they were linked and last used',
        response: { 200: linkedServicesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ services: await service.linkedServices(requireAuth(request).userId) }),
  );

  app.delete(
    '/api/account/linked-services/:id',
    {
      schema: {
        tags,
        summary: 'Unlink a service: its tokens stop working at once',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      message: await service.unlink(requireAuth(request).userId, request.params.id, auditContextOf(request)),
    }),
  );

  app.get(
    '/api/admin/oauth-clients',
    {
      schema: {
        tags,
        summary:
          'Voice-linking clients, newest first (or by name or linked owners), each with how many owners are ' +
          'linked through it',
        querystring: oauthClientListQuerySchema,
        response: { 200: oauthClientListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listClients(request.query),
  );

  app.post(
    '/api/admin/oauth-clients',
    {
      schema: {
        tags,
        summary:
          'Register a client (its secret is in this answer only; a public client has none and uses PKCE)',
        body: newOAuthClientSchema,
        response: { 200: oauthClientSecretResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.createClient(request.body, auditContextOf(request)),
  );

  app.put(
    '/api/admin/oauth-clients/:id',
    {
      schema: {
        tags,
        summary: "Change a client's name and redirect URIs",
        params: idParamsSchema,
        body: oauthClientUpdateSchema,
        response: {
          200: z.object({ message: z.string(), client: oauthClientSchema }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => service.updateClient(request.params.id, request.body, auditContextOf(request)),
  );

  app.post(
    '/api/admin/oauth-clients/:id/secret',
    {
      schema: {
        tags,
        summary: 'Issue a new client secret (in this answer only); the old one stops working at once',
        params: idParamsSchema,
        response: { 200: oauthClientSecretResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.rotateSecret(request.params.id, auditContextOf(request)),
  );

  app.delete(
    '/api/admin/oauth-clients/:id',
    {
      schema: {
        tags,
        summary: 'Remove a client: every owner linked through it is unlinked',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await service.deleteClient(request.params.id, auditContextOf(request));
      return { message: OAUTH_MSG.clientDeleted };
    },
  );
};
