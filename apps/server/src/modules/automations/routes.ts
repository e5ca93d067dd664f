import {
  automationDefinitionSchema,
  automationListSchema,
  automationResponseSchema,
  automationRunListSchema,
  automationRunsQuerySchema,
  idParamsSchema,
  messageResponseSchema,
  AUTOMATION_MSG,
  autoModeSchema,
  deviceResponseSchema,
} from '@isaac/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireHomeScope } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/audit-log.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** An owner's automations (issue 33): list, create, change, switch on/off, delete, runs. */
export const automationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.automations;
  const tags = ['automations'];

  app.get(
    '/api/automations',
    {
      schema: {
        tags,
        summary: 'Your automations',
        response: { 200: automationListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ automations: await service.list(requireHomeScope(request)) }),
  );

  app.post(
    '/api/automations',
    {
      schema: {
        tags,
        summary: 'Create an automation (its devices must be yours)',
        body: automationDefinitionSchema,
        response: { 201: automationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const automation = await service.create(requireHomeScope(request), request.body);
      return reply.code(201).send({ automation });
    },
  );

  app.get(
    '/api/automations/:id',
    {
      schema: {
        tags,
        summary: 'One of your automations',
        params: idParamsSchema,
        response: { 200: automationResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ automation: await service.get(requireHomeScope(request), request.params.id) }),
  );

  app.put(
    '/api/automations/:id',
    {
      schema: {
        tags,
        summary: 'Change an automation',
        params: idParamsSchema,
        body: automationDefinitionSchema,
        response: { 200: automationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      automation: await service.update(requireHomeScope(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/automations/:id/enabled',
    {
      schema: {
        tags,
        summary: 'Switch an automation on or off',
        params: idParamsSchema,
        body: z.object({ enabled: z.boolean() }),
        response: { 200: automationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      automation: await service.setEnabled(
        requireHomeScope(request),
        request.params.id,
        request.body.enabled,
      ),
    }),
  );

  app.delete(
    '/api/automations/:id',
    {
      schema: {
        tags,
        summary: 'Delete an automation and its history',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(requireHomeScope(request), request.params.id);
      return { message: AUTOMATION_MSG.deleted };
    },
  );

  app.get(
    '/api/automations/:id/runs',
    {
      schema: {
        tags,
        summary: 'The runs of an automation, newest first',
        params: idParamsSchema,
        querystring: automationRunsQuerySchema,
        response: { 200: automationRunListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.runs(requireHomeScope(request), request.params.id, request.query),
  );

  // A purifier's auto mode is one of these automations (ADR 071); its setting stays on the device's URL.
  app.put(
    '/api/devices/:id/auto-mode',
    {
      schema: {
        tags: ['devices'],
        summary:
          'ISAAC auto mode: on above this PM2.5 (the room’s SKYWALKER, else its own), off again once the air is clean (null: off)',
        params: idParamsSchema,
        body: autoModeSchema,
        response: { 200: deviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      device: await app.services.autoMode.set(
        requireHomeScope(request),
        request.params.id,
        request.body.threshold,
        auditContextOf(request),
      ),
    }),
  );
};
