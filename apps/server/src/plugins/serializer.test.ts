import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDocsRoute } from './rbac.ts';
import { responseJsonSchema, serializerCompiler } from './serializer.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

const itemSchema = z.object({
  id: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.enum(['a', 'b'])),
});

async function appWith(handler: () => unknown, schema: z.ZodType = itemSchema) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/item', { schema: { response: { 200: schema } } }, async () => handler());
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('writes only the properties the contract declares', async () => {
    const app = await appWith(() => ({ id: 'x', note: null, tags: ['a'], passwordHash: 'secret' }));
    const response = await app.inject({ method: 'GET', url: '/item' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'x', note: null, tags: ['a'] });
    expect(response.body).not.toContain('secret');
  });

  it('refuses a response missing a required property (500, nothing partial sent)', async () => {
    const app = await appWith(() => ({ note: 'n', tags: [] }));
    const response = await app.inject({ method: 'GET', url: '/item' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('"note"');
  });

  it('keeps the zod serializer for schemas JSON Schema cannot express', async () => {
    const transformed = z.object({ id: z.string() }).transform((v) => ({ id: v.id.toUpperCase() }));
    expect(responseJsonSchema(transformed)).toBeNull();
    const custom = z.object({ id: z.custom<string>((v) => typeof v === 'string') });
    expect(responseJsonSchema(custom)).toBeNull();
    const app = await appWith(() => ({ id: 'x', extra: 1 }), custom);
    const response = await app.inject({ method: 'GET', url: '/item' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'x' });
  });
});

describe('every route of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('has response schemas fast-json-stringify compiles (none falls back to zod)', () => {
    const fallbacks: string[] = [];
    let compiled = 0;
    for (const route of t.app.routeTable) {
      if (isDocsRoute(route.url)) continue;
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(responses)) {
        if (!(schema instanceof z.ZodType)) continue;
        if (responseJsonSchema(schema)) compiled += 1;
        else fallbacks.push(`${route.method} ${route.url} ${status}`);
      }
    }
    expect(compiled).toBeGreaterThan(50);
    expect(fallbacks).toEqual([]);
  });
});
