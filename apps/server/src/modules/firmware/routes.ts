import multipart from '@fastify/multipart';
import {
  FIRMWARE_FIELDS,
  FIRMWARE_MSG,
  firmwareListQuerySchema,
  firmwareListSchema,
  firmwareUploadResponseSchema,
  idParamsSchema,
  messageResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuthUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';
import { FIRMWARE_MULTIPART_OPTIONS, readFirmwareUpload } from './upload.ts';

/** Staging files older than this at start were left by a crash mid-upload. */
const STALE_STAGING_MS = 60 * 60 * 1000;

/** Admin firmware (spec section 7 "Admin", ADR 021): upload (multipart, streamed), list, delete. */
export const firmwareRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, FIRMWARE_MULTIPART_OPTIONS);
  await app.services.firmwareStore.sweepStaging(app.now(), STALE_STAGING_MS);
  const service = app.services.firmware;
  const tags = ['admin', 'firmware'];

  app.post(
    '/api/admin/firmware/upload',
    {
      schema: {
        tags,
        summary:
          'Upload a firmware image (multipart/form-data), streamed, checked and stored content-addressed',
        description:
          `Fields: \`${FIRMWARE_FIELDS.file}\` (the file: .bin, .hex or .elf, at most 16 MB, its first bytes ` +
          `must match its extension), \`${FIRMWARE_FIELDS.version}\` (semantic MAJOR.MINOR.PATCH, an optional ` +
          `leading v; stored without it), \`${FIRMWARE_FIELDS.deviceType}\` (default isaac), ` +
          `\`${FIRMWARE_FIELDS.releaseNotes}\` (optional). Send the text fields before the file so that a ` +
          'duplicate version is refused before the bytes are sent. Answers the stored entry: filename, ' +
          'version, file_size, sha256 (computed while streaming). A larger body is cut off with 413.',
        consumes: ['multipart/form-data'],
        response: { 201: firmwareUploadResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = requireAuthUser(request);
      try {
        const upload = await readFirmwareUpload(request, app.services.firmwareStore, (fields) =>
          service.assertNewVersion(fields.device_type, fields.version),
        );
        const stored = await service.create(
          { ...upload, uploadedBy: { id: user.id, name: user.name } },
          auditContextOf(request),
        );
        return await reply.code(201).send(stored);
      } catch (error) {
        // Refused before the whole body arrived: close the connection rather than read the rest.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  app.get(
    '/api/admin/firmware',
    {
      schema: {
        tags,
        summary: 'Stored firmware images, newest first (optionally one device type)',
        querystring: firmwareListQuerySchema,
        response: { 200: firmwareListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.delete(
    '/api/admin/firmware/:id',
    {
      schema: {
        tags,
        summary: 'Delete a firmware image no device runs (409 when a device reports it as installed)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(request.params.id, auditContextOf(request));
      return { message: FIRMWARE_MSG.deleted };
    },
  );
};
