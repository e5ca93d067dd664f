import {
  changeMemberBodySchema,
  homeActivityListSchema,
  homeInvitationParamsSchema,
  homeInvitationSchema,
  homeInvitationSignUpBodySchema,
  homeInvitationTokenParamsSchema,
  homeJoinedSchema,
  homeListSchema,
  homeMemberParamsSchema,
  homeMembersSchema,
  idParamsSchema,
  inviteMemberBodySchema,
  newHomeBodySchema,
  messageResponseSchema,
  pendingInvitationResponseSchema,
  updateHomeBodySchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireAuthUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Homes and their members (issue 32, ADR 069): the caller's homes, a home's people, invitations. */
export const homesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.homes;
  const tags = ['homes'];

  app.get(
    '/api/homes',
    {
      schema: {
        tags,
        summary:
          "The caller's homes (live memberships) with their role; `current` is the one used by default",
        response: { 200: homeListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ items: await service.list(requireAuth(request).userId) }),
  );

  app.post(
    '/api/homes',
    {
      schema: {
        tags,
        summary:
          'A new home in its time zone (Asia/Kolkata unless given), the caller its owner and their current home',
        body: newHomeBodySchema,
        response: { 201: homeListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        items: await service.create(requireAuth(request).userId, request.body, auditContextOf(request)),
      }),
  );

  app.patch(
    '/api/homes/:id',
    {
      schema: {
        tags,
        summary:
          "Rename a home or change its time zone (its owners); its schedules move to the new clock. The caller's homes after it",
        params: idParamsSchema,
        body: updateHomeBodySchema,
        response: { 200: homeListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      items: await service.update(
        requireAuth(request).userId,
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.delete(
    '/api/homes/:id',
    {
      schema: {
        tags,
        summary:
          "Delete a home (its owners): 409 while it has devices or installation records; its rooms, automations and members' access go with it. The caller's homes after it",
        params: idParamsSchema,
        response: { 200: homeListSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      items: await service.remove(requireAuth(request).userId, request.params.id, auditContextOf(request)),
    }),
  );

  app.post(
    '/api/homes/:id/switch',
    {
      schema: {
        tags,
        summary: 'Make a home the current one (remembered for the next sign-in)',
        params: idParamsSchema,
        response: { 200: homeListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ items: await service.switchTo(requireAuth(request).userId, request.params.id) }),
  );

  app.get(
    '/api/homes/:id/members',
    {
      schema: {
        tags,
        summary: "Who has access to a home, and its open invitations (the home's owners)",
        params: idParamsSchema,
        response: { 200: homeMembersSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.members(requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/api/homes/:id/invitations',
    {
      schema: {
        tags,
        summary:
          'Invite someone by e-mail (a single-use link through the outbox); a guest needs rooms and an end',
        params: idParamsSchema,
        body: inviteMemberBodySchema,
        response: { 201: pendingInvitationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const invitation = await service.invite(
        requireAuth(request).userId,
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send({ invitation });
    },
  );

  app.delete(
    '/api/homes/:id/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Cancel an open invitation (its link stops working)',
        params: homeInvitationParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      await service.revokeInvitation(requireAuth(request).userId, id, invitationId, auditContextOf(request));
      return { message: 'Invitation cancelled' };
    },
  );

  app.put(
    '/api/homes/:id/members/:memberId',
    {
      schema: {
        tags,
        summary: "Change a member's role (a guest: rooms and end time); a home keeps at least one owner",
        params: homeMemberParamsSchema,
        body: changeMemberBodySchema,
        response: { 200: homeMembersSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, memberId } = request.params;
      return service.changeMember(
        requireAuth(request).userId,
        id,
        memberId,
        request.body,
        auditContextOf(request),
      );
    },
  );

  app.delete(
    '/api/homes/:id/members/:memberId',
    {
      schema: {
        tags,
        summary:
          "End a member's access at once (their other homes keep working; their voice access here ends)",
        params: homeMemberParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, memberId } = request.params;
      await service.endAccess(requireAuth(request).userId, id, memberId, auditContextOf(request));
      return { message: 'Access ended' };
    },
  );

  app.get(
    '/api/homes/:id/activity',
    {
      schema: {
        tags,
        summary: "What happened in a home, newest first, with who did it and how (the home's owners)",
        params: idParamsSchema,
        response: { 200: homeActivityListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ items: await service.activity(requireAuth(request).userId, request.params.id) }),
  );

  app.get(
    '/api/home-invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers (404 unknown, 410 used or expired)',
        params: homeInvitationTokenParamsSchema,
        response: { 200: homeInvitationSchema, ...errorResponses(404, 410) },
      },
    },
    async (request) => service.viewInvitation(request.params.token),
  );

  app.post(
    '/api/home-invitations/:token/sign-up',
    {
      schema: {
        tags,
        summary: 'Create the account of the invited e-mail and join the home (409 when the account exists)',
        params: homeInvitationTokenParamsSchema,
        body: homeInvitationSignUpBodySchema,
        response: { 201: homeJoinedSchema, ...errorResponses(400, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const joined = await service.signUp(request.params.token, request.body, auditContextOf(request));
      return reply.code(201).send(joined);
    },
  );

  app.post(
    '/api/home-invitations/:token/accept',
    {
      schema: {
        tags,
        summary: "Join the home of an invitation sent to the caller's e-mail",
        params: homeInvitationTokenParamsSchema,
        response: { 200: homeJoinedSchema, ...errorResponses(401, 403, 404, 410) },
      },
    },
    async (request) => {
      const user = requireAuthUser(request);
      return service.accept(request.params.token, user, auditContextOf(request));
    },
  );
};
