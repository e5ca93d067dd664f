import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PolicyDenied } from '../policy/denied.ts';
import { conflict, forbidden, notFound, registerErrorHandling, tooManyRequests } from './errors.ts';

async function appWith(handlerError: () => Error) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw handlerError();
  });
  app.get('/bad-response', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({
    n: 'not a number' as unknown as number,
  }));
  app.post(
    '/items/:id',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: z.object({ items: z.array(z.object({ qty: z.number().int().min(1) })) }),
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('never leaks an unexpected error', async () => {
    const app = await appWith(() => new Error('db password is hunter2'));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal_error', message: 'Internal server error' });
  });

  it('a response that breaks its schema is a generic 500', async () => {
    const app = await appWith(() => new Error('x'));
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal_error', message: 'Internal server error' });
  });

  it.each([
    [notFound('Device not found'), 404, { error: 'not_found', message: 'Device not found' }],
    [
      conflict('Serial number already registered'),
      409,
      { error: 'conflict', message: 'Serial number already registered' },
    ],
    [forbidden(), 403, { error: 'forbidden', message: expect.any(String) }],
  ])('HttpError %# keeps its status and message', async (error, status, body) => {
    const app = await appWith(() => error);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  it("the policy's refusal is a 404 with its message (another person's object is not found)", async () => {
    const app = await appWith(() => new PolicyDenied('device', 'change', 'Device not found'));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Device not found' });
  });

  it('429 carries Retry-After', async () => {
    const app = await appWith(() => tooManyRequests('Slow down', 90.2));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('91');
  });

  it('validation errors list each field with its path (params, nested body)', async () => {
    const app = await appWith(() => new Error('x'));
    const params = await app.inject({ method: 'POST', url: '/items/nope', payload: { items: [] } });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toMatchObject({ error: 'validation_error', details: [{ path: 'id' }] });
    const body = await app.inject({
      method: 'POST',
      url: '/items/7f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      payload: { items: [{ qty: 1 }, { qty: 0 }] },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().details).toEqual([{ path: 'items.1.qty', message: expect.any(String) }]);
  });
});
