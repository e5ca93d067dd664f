import {
  MSG,
  idParamsSchema,
  newRolloutSchema,
  rolloutActionSchema,
  rolloutDetailSchema,
  rolloutListQuerySchema,
  rolloutListSchema,
} from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devices, firmware } from '../../db/schema/index.ts';
import { requireHomeScope } from '../../plugins/auth.ts';
import { badRequest, HttpError } from '../../plugins/errors.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** `bytes=a-b` / `bytes=a-` / `bytes=-n` → inclusive offsets within `size`, or null (not satisfiable / not a range). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** Firmware rollouts (issue 14): the admin API, and the devices' signed downloads (with ranges, so they resume). */
export const rolloutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.rollouts;
  const tags = ['firmware rollouts'];

  app.get(
    '/api/admin/rollouts',
    {
      schema: {
        tags,
        summary:
          'Rollouts a page at a time, newest first (or by status or version), with counts per device state',
        querystring: rolloutListQuerySchema,
        response: { 200: rolloutListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/admin/rollouts',
    {
      schema: {
        tags,
        summary: "Start a rollout of one image to its type's devices (or chosen devices), in stages",
        body: newRolloutSchema,
        response: { 200: rolloutDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.create(request.body, auditContextOf(request)),
  );

  app.get(
    '/api/admin/rollouts/:id',
    {
      schema: {
        tags,
        summary: 'A rollout: counts per state and every device (state, percent, reason, times)',
        params: idParamsSchema,
        response: { 200: rolloutDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.detail(request.params.id),
  );

  app.post(
    '/api/admin/rollouts/:id/actions',
    {
      schema: {
        tags,
        summary: 'Pause, resume, cancel (queued devices are released) or retry the failed devices',
        params: idParamsSchema,
        body: rolloutActionSchema,
        response: { 200: rolloutDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.act(request.params.id, request.body.action, auditContextOf(request)),
  );

  app.get(
    '/api/firmware/download',
    {
      // Images go as they are (they do not compress, and a length that changed in flight would break resumes).
      compress: false,
      schema: {
        tags,
        summary:
          "A device's firmware download: a signed, expiring link bound to the device (Range supported)",
        querystring: z.object({ token: z.string().min(1).max(1000) }),
        // The image's bytes (streamed, never serialised): whole (200) or a range (206).
        response: {
          200: z.unknown().describe('application/octet-stream: the image'),
          206: z.unknown().describe('application/octet-stream: the requested range'),
          416: z.object({ error: z.string(), message: z.string() }),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) => {
      const grant = app.services.downloadSigner.verify(request.query.token, app.now());
      if (!grant) throw new HttpError(403, 'invalid_link', 'This download link is invalid or has expired');
      const [image] = await app.db.select().from(firmware).where(eq(firmware.id, grant.firmwareId)).limit(1);
      const [device] = await app.db
        .select({ type: devices.type })
        .from(devices)
        .where(eq(devices.id, grant.deviceId))
        .limit(1);
      if (!image || !device) throw new HttpError(404, 'not_found', 'Not found');
      // Never an image to a device of another type.
      if (device.type !== image.deviceType)
        throw new HttpError(403, 'wrong_device_type', 'This image is not for this device');
      const range = parseRange(request.headers.range, image.fileSize);
      if (range === 'invalid') {
        return reply
          .code(416)
          .header('content-range', `bytes */${image.fileSize}`)
          .send({ error: 'range_not_satisfiable', message: 'Range not satisfiable' });
      }
      const stream = await app.services.firmwareStore.open(image.storageKey, range ?? undefined);
      if (!stream) throw new HttpError(404, 'not_found', 'The image is not stored');
      reply
        .header('content-type', 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'no-store')
        .header('x-firmware-sha256', image.sha256);
      // What the device fetched, recorded once the bytes have left (an interrupted range records nothing):
      // DOWNLOADED and VERIFIED need these ranges to cover the whole image (ADR 053).
      if (grant.rolloutId) {
        const { rolloutId, deviceId } = grant;
        const served = range ?? { start: 0, end: image.fileSize - 1 };
        reply.raw.once(
          'finish',
          () => void service.recordServed(rolloutId, deviceId, served.start, served.end),
        );
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${image.fileSize}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', image.fileSize);
      }
      return reply.send(stream);
    },
  );

  app.post(
    '/api/devices/:id/update-firmware',
    {
      schema: {
        tags,
        summary:
          "Update now: a one-device rollout of the newest image of the device's type (after Check for Updates)",
        params: idParamsSchema,
        response: {
          200: z.object({ message: z.string(), rollout_id: z.string(), version: z.string() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const scope = requireHomeScope(request);
      const check = await app.services.devices.checkUpdates(scope, request.params.id);
      if (!check.update_available || !check.latest_version) throw badRequest(MSG.deviceUpToDate);
      const [device] = await app.db
        .select({ type: devices.type })
        .from(devices)
        .where(eq(devices.id, request.params.id));
      const [image] = await app.db
        .select({ id: firmware.id })
        .from(firmware)
        .where(and(eq(firmware.deviceType, device!.type), eq(firmware.version, check.latest_version)))
        .limit(1);
      if (!image) throw badRequest(MSG.deviceUpToDate);
      const started = await service.create(
        {
          firmware_id: image.id,
          device_ids: [request.params.id],
          stages: [100],
          stage_pause_seconds: 0,
          max_concurrent: 1,
          failure_threshold_percent: 100,
          window_hours: 72,
        },
        auditContextOf(request),
      );
      return {
        message: `Updating to ${check.latest_version}`,
        rollout_id: started.rollout._id,
        version: check.latest_version,
      };
    },
  );
};
