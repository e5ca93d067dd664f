import { deviceMayPublish, deviceMaySubscribe } from '@isaac/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { bearerToken } from '../plugins/auth.ts';
import { HttpError } from '../plugins/errors.ts';

const resultSchema = z.object({ result: z.enum(['allow', 'deny']), is_superuser: z.boolean().optional() });

/**
 * An external broker's HTTP authentication and authorisation (EMQX's `http` authenticator and authorizer,
 * issue 13): the same rules as the embedded broker — a device's username is its id and must be its client id,
 * its secret is checked against the stored hash, it may publish only its own ack/status/state/telemetry and
 * subscribe only to its own commands; the server's own user (MQTT_USERNAME) is a superuser.
 */
export const devicePlaneRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['device plane'];
  const token = app.config.devices.httpAuthToken;
  const serverUser = app.config.devices.mqttUsername;

  const checkCaller = (request: FastifyRequest) => {
    const given = bearerToken(request);
    if (!token)
      throw new HttpError(503, 'not_configured', 'MQTT HTTP authentication is off: set MQTT_HTTP_AUTH_TOKEN');
    const ok =
      given !== null &&
      given.length === token.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(token));
    if (!ok) throw new HttpError(401, 'invalid_token', 'Wrong or missing broker token');
  };

  app.post(
    '/api/mqtt/auth',
    {
      schema: {
        tags,
        summary:
          'EMQX HTTP authentication: a device (username = client id = device id, its secret) or the server',
        body: z.object({
          clientid: z.string().max(200),
          username: z.string().max(200),
          password: z.string().max(500),
        }),
        response: { 200: resultSchema },
      },
    },
    async (request) => {
      checkCaller(request);
      const { clientid, username, password } = request.body;
      if (serverUser && username === serverUser && password === app.config.devices.mqttPassword) {
        return { result: 'allow' as const, is_superuser: true };
      }
      const ok = username === clientid && (await app.services.deviceCredentials.verify(username, password));
      return { result: ok ? ('allow' as const) : ('deny' as const), is_superuser: false };
    },
  );

  app.post(
    '/api/mqtt/acl',
    {
      schema: {
        tags,
        summary: 'EMQX HTTP authorisation: a device publishes and subscribes only under its own topics',
        body: z.object({
          clientid: z.string().max(200),
          username: z.string().max(200),
          topic: z.string().max(500),
          action: z.enum(['publish', 'subscribe']),
        }),
        response: { 200: resultSchema },
      },
    },
    async (request) => {
      checkCaller(request);
      const { clientid, username, topic, action } = request.body;
      if (serverUser && username === serverUser) return { result: 'allow' as const };
      if (username !== clientid) return { result: 'deny' as const };
      const allowed =
        action === 'publish' ? deviceMayPublish(clientid, topic) : deviceMaySubscribe(clientid, topic);
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    },
  );
};
