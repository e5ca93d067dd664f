import {
  installationDeviceParamsSchema,
  ELECTRICIAN_MSG,
  assignCustomerRoomSchema,
  assignDeviceBodySchema,
  completeInstallationSchema,
  createInstallationSchema,
  customerDeviceConfigureSchema,
  customerDeviceParamsSchema,
  customerParamsSchema,
  customerRoomBodySchema,
  deviceConfigureSchema,
  deviceIdParamsSchema,
  electricianCustomerListSchema,
  electricianDashboardSchema,
  electricianDeviceListSchema,
  electricianDeviceResponseSchema,
  electricianAssignmentListQuerySchema,
  electricianDeviceListQuerySchema,
  electricianRoomListQuerySchema,
  electricianUserListQuerySchema,
  installationListQuerySchema,
  electricianRoomListSchema,
  electricianRoomResponseSchema,
  electricianUserDetailsSchema,
  electricianUserDevicesSchema,
  electricianUserListSchema,
  electricianUserRoomsSchema,
  idParamsSchema,
  installationListSchema,
  installationPhaseSchema,
  installationResponseSchema,
  installationSignatureResponseSchema,
  MSG,
  addInstallationDeviceSchema,
  guidedStepSchema,
  reopenInstallationSchema,
  signatureSchema,
  startGuidedSchema,
  trainingSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAsCaller, requireScope } from '../../plugins/auth.ts';
import { scopeOf } from '../../policy/scope.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';
import { idempotentWrites } from '../idempotency/route.ts';

/**
 * Spec section 7 "Electrician" (issue 11): the spec's paths exactly, some without /api. Electricians only
 * (the permission table); the service answers 404 for anything outside the caller's assignments.
 */
export const electricianRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.electrician;
  const homes = app.services.electricianHomes;
  const { installations, guidedInstall: guided } = app.services;
  const tags = ['electrician'];
  // Every change here may come from the offline queue, sent again after a lost answer (ADR 070).
  idempotentWrites(app, app.services.idempotency);

  app.get(
    '/api/electrician/dashboard',
    {
      config: { sessionInRead: true },
      schema: {
        tags,
        summary: 'Statistics (devices, customers, installations and active ones) and the latest five of each',
        response: { 200: electricianDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => readAsCaller(request, scopeOf, (scope) => service.dashboard(scope)),
  );

  app.get(
    '/electrician/devices',
    {
      config: { sessionInRead: true },
      schema: {
        tags,
        summary:
          "Devices assigned to the caller or in their customers' homes, searched and sorted; each entry holds the device",
        querystring: electricianDeviceListQuerySchema,
        response: { 200: electricianDeviceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => readAsCaller(request, scopeOf, (scope) => service.devices(scope, request.query)),
  );

  app.get(
    '/electrician/users',
    {
      schema: {
        tags,
        summary: "The caller's customers with installation date and customer-status",
        querystring: electricianUserListQuerySchema,
        response: { 200: electricianUserListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.users(requireScope(request), request.query),
  );

  app.get(
    '/electrician/rooms',
    {
      schema: {
        tags,
        summary: "The rooms of the caller's customers, with their devices and customer",
        querystring: electricianRoomListQuerySchema,
        response: { 200: electricianRoomListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.rooms(requireScope(request), request.query),
  );

  app.get(
    '/api/electrician/customers',
    {
      schema: {
        tags,
        summary:
          "The caller's customer assignments (customer, installation date, status) — the spec's customer list",
        querystring: electricianAssignmentListQuerySchema,
        response: { 200: electricianCustomerListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.customers(requireScope(request), request.query),
  );

  app.get(
    '/electrician/installations',
    {
      config: { sessionInRead: true },
      schema: {
        tags,
        summary: "The caller's installations with customer and devices, newest first unless sorted",
        querystring: installationListQuerySchema,
        response: { 200: installationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => readAsCaller(request, scopeOf, (scope) => service.installations(scope, request.query)),
  );

  app.post(
    '/electrician/assign-device',
    {
      schema: {
        tags,
        summary: 'Give an available device assigned to the caller to one of their customers',
        body: assignDeviceBodySchema,
        response: { 200: electricianDeviceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.deviceAssigned,
      device: await installations.assignDevice(requireScope(request), request.body, auditContextOf(request)),
    }),
  );

  app.get(
    '/electrician/user/:id/details',
    {
      schema: {
        tags,
        summary: 'One assigned customer',
        params: idParamsSchema,
        response: { 200: electricianUserDetailsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ user: await service.customer(requireScope(request), request.params.id) }),
  );

  app.get(
    '/electrician/user/:id/devices',
    {
      schema: {
        tags,
        summary: "An assigned customer's devices",
        params: idParamsSchema,
        response: { 200: electricianUserDevicesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ devices: await service.customerDevices(requireScope(request), request.params.id) }),
  );

  app.get(
    '/electrician/user/:id/rooms',
    {
      schema: {
        tags,
        summary: "An assigned customer's rooms with their devices",
        params: idParamsSchema,
        response: { 200: electricianUserRoomsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ rooms: await service.customerRooms(requireScope(request), request.params.id) }),
  );

  app.post(
    '/api/electrician/customer/:customerId/rooms',
    {
      schema: {
        tags,
        summary: "Create a room in a customer's home (type general, bedroom, living_room, kitchen, bathroom)",
        params: customerParamsSchema,
        body: customerRoomBodySchema,
        response: { 201: electricianRoomResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const room = await homes.createCustomerRoom(
        requireScope(request),
        request.params.customerId,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send({ message: MSG.roomCreated, room });
    },
  );

  app.post(
    '/api/electrician/customer/:customerId/devices/:deviceId/configure',
    {
      schema: {
        tags,
        summary:
          "Configure a customer's device: WiFi (SSID and password, both required) and Bluetooth pairing",
        params: customerDeviceParamsSchema,
        body: customerDeviceConfigureSchema,
        response: { 200: electricianDeviceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.deviceConfigured,
      device: await homes.configureCustomerDevice(
        requireScope(request),
        request.params.customerId,
        request.params.deviceId,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/customer/:customerId/devices/:deviceId/assign-room',
    {
      schema: {
        tags,
        summary: "Put a customer's device in one of that customer's rooms",
        params: customerDeviceParamsSchema,
        body: assignCustomerRoomSchema,
        response: { 200: electricianDeviceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: MSG.deviceAssigned,
      device: await homes.assignCustomerRoom(
        requireScope(request),
        request.params.customerId,
        request.params.deviceId,
        request.body.room_id,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/devices/:device_id/configure',
    {
      schema: {
        tags,
        summary:
          'Configure a device the caller may reach: configuration_type wifi ({ssid, password}) or bluetooth',
        params: deviceIdParamsSchema,
        body: deviceConfigureSchema,
        response: { 200: electricianDeviceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.deviceConfigured,
      device: await homes.configureDevice(
        requireScope(request),
        request.params.device_id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations',
    {
      schema: {
        tags,
        summary: 'Start an installation for an assigned customer (status in_progress, or pending)',
        body: createInstallationSchema,
        response: { 201: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const installation = await installations.createInstallation(
        requireScope(request),
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send({ message: ELECTRICIAN_MSG.installationStarted, installation });
    },
  );

  app.post(
    '/api/electrician/installations/:id/start',
    {
      schema: {
        tags,
        summary: 'pending → in_progress (no body)',
        params: idParamsSchema,
        response: { 200: installationResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.installationSessionStarted,
      installation: await installations.start(
        requireScope(request),
        request.params.id,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/phase',
    {
      schema: {
        tags,
        summary:
          'Set the phase of an installation in progress (any order; `completed` only through complete)',
        params: idParamsSchema,
        body: installationPhaseSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.phaseUpdated,
      installation: await installations.phase(
        requireScope(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/complete',
    {
      schema: {
        tags,
        summary:
          'Complete an installation in progress: {notes, completed_at} or {handover_notes, customer_training_completed}; twice is 409',
        params: idParamsSchema,
        body: completeInstallationSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.installationCompleted,
      installation: await installations.complete(
        requireScope(request),
        request.params.id,
        request.body ?? {},
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/devices/:deviceId/test',
    {
      schema: {
        tags,
        summary:
          "Send an installation's device a test command that changes nothing; once the device acknowledges it, the device counts as tested (completion needs every device tested). Offline: 409; no answer: 504",
        params: installationDeviceParamsSchema,
        response: { 200: installationResponseSchema, ...errorResponses(401, 403, 404, 409, 504) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.deviceTested,
      installation: await app.services.installationDeviceTests.test(
        requireScope(request),
        request.params.id,
        request.params.deviceId,
        auditContextOf(request),
      ),
    }),
  );

  // The guided install (ADR 034): start or resume, devices by serial, the step, training, the signature.
  app.post(
    '/api/electrician/installations/guided',
    {
      schema: {
        tags,
        summary:
          'Start or resume a guided install for an assigned customer (their open installation, or a new one)',
        body: startGuidedSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.installationSessionStarted,
      installation: await guided.startGuided(
        requireScope(request),
        request.body.customer_id,
        auditContextOf(request),
      ),
    }),
  );

  app.get(
    '/api/electrician/installations/:id',
    {
      schema: {
        tags,
        summary: 'One installation of the caller (the guided install reads its state from here)',
        params: idParamsSchema,
        response: { 200: installationResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      message: 'OK',
      installation: await installations.installation(requireScope(request), request.params.id),
    }),
  );

  app.get(
    '/api/electrician/installations/:id/signature',
    {
      schema: {
        tags,
        summary:
          "The customer's sign-off of one of the caller's installations: who, when and the drawn image",
        params: idParamsSchema,
        response: { 200: installationSignatureResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      signature: await guided.signature(requireScope(request), request.params.id),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/devices',
    {
      schema: {
        tags,
        summary:
          "Add a device of the caller's stock by serial number: it joins the customer's home and the checklist",
        params: idParamsSchema,
        body: addInstallationDeviceSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.deviceAdded,
      installation: await guided.addDeviceBySerial(
        requireScope(request),
        request.params.id,
        request.body.serial_number,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/step',
    {
      schema: {
        tags,
        summary: "Record the guided install's current step (resumable after a reload)",
        params: idParamsSchema,
        body: guidedStepSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: 'OK',
      installation: await guided.setStep(
        requireScope(request),
        request.params.id,
        request.body.step,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/training',
    {
      schema: {
        tags,
        summary: 'Confirm every item of the customer training checklist',
        params: idParamsSchema,
        body: trainingSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.trainingConfirmed,
      installation: await guided.confirmTraining(
        requireScope(request),
        request.params.id,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/signature',
    {
      schema: {
        tags,
        summary:
          "The customer's signature (a PNG drawn on the screen) with their name; stored with the time, final until the installation is reopened",
        description:
          'The image must be a well-formed PNG of 50×20 to 2000×1000 pixels and at most 300 KB (anything else is 400); a second signature is 409 unless the installation was reopened.',
        params: idParamsSchema,
        body: signatureSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.signatureSaved,
      installation: await guided.saveSignature(
        requireScope(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/electrician/installations/:id/reopen',
    {
      schema: {
        tags,
        summary:
          'Reopen an installation (audited, with a reason): its signature is cleared so the customer can sign again; a completed installation is in progress again',
        params: idParamsSchema,
        body: reopenInstallationSchema,
        response: { 200: installationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ELECTRICIAN_MSG.installationReopened,
      installation: await guided.reopen(
        requireScope(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );
};
