import { ERROR_CODE } from '@isaac/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors.ts';
import { findUnstorableText, registerStorableTextGuard, STORABLE_TEXT_MESSAGES } from './storable-text.ts';

const { nul, surrogate, nulKey } = STORABLE_TEXT_MESSAGES;

describe('findUnstorableText', () => {
  it('accepts ordinary text, emoji (surrogate pairs), numbers, null and Buffers', () => {
    expect(
      findUnstorableText({
        name: 'Living room ☀️ 😀',
        n: 3,
        ok: true,
        none: null,
        list: ['a', 'é', '\uD83D\uDE00'],
        raw: Buffer.from([0, 1, 2]),
      }),
    ).toEqual([]);
  });

  it('finds NUL and lone surrogates at any depth, with their paths', () => {
    expect(
      findUnstorableText({
        name: 'a\u0000b',
        notes: { product: 'x', deep: [{ text: 'ok' }, { text: '\uD800' }] },
        items: ['\uDC00 low', 'fine'],
      }),
    ).toEqual([
      { path: 'name', message: nul },
      { path: 'notes.deep.1.text', message: surrogate },
      { path: 'items.0', message: surrogate },
    ]);
    expect(findUnstorableText('\u0000')).toEqual([{ path: '', message: nul }]);
  });

  it('finds NUL in field names (jsonb refuses them too)', () => {
    expect(findUnstorableText({ notes: { 'a\u0000': 'x' } })).toEqual([
      { path: 'notes.a\\u0000', message: nulKey },
    ]);
  });

  it('walks very deep bodies without overflowing the stack, and stops at the limit', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(1);
    expect(findUnstorableText(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(20);
  });
});

describe('the guard', () => {
  async function app() {
    const instance = Fastify().withTypeProvider<ZodTypeProvider>();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(instance);
    registerStorableTextGuard(instance);
    let ran = false;
    // A route without any schema is guarded too.
    instance.post('/raw/:id', async () => {
      ran = true;
      return { ok: true };
    });
    instance.post(
      '/typed/:id',
      {
        schema: {
          params: z.object({ id: z.string() }),
          body: z.object({ items: z.array(z.object({ name: z.string() })) }),
        },
      },
      async () => {
        ran = true;
        return { ok: true };
      },
    );
    await instance.ready();
    return { instance, ran: () => ran };
  }

  it('answers 400 validation_error naming the field, before validation and the handler', async () => {
    const { instance, ran } = await app();
    const body = await instance.inject({
      method: 'POST',
      url: '/typed/1',
      payload: { items: [{ name: 'ok' }, { name: 'x\u0000' }] },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      error: ERROR_CODE.validation,
      message: `Invalid request body: items.1.name: ${nul}`,
      details: [{ path: 'items.1.name', message: nul }],
    });
    const params = await instance.inject({ method: 'POST', url: '/raw/%00' });
    expect(params.json()).toMatchObject({
      error: ERROR_CODE.validation,
      details: [{ path: 'id', message: nul }],
    });
    const query = await instance.inject({ method: 'POST', url: '/raw/1?q=%00&r=ok' });
    expect(query.json()).toMatchObject({
      error: ERROR_CODE.validation,
      details: [{ path: 'q', message: nul }],
    });
    const lone = await instance.inject({
      method: 'POST',
      url: '/raw/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"\\ud800"}',
    });
    expect(lone.json()).toMatchObject({ details: [{ path: 'name', message: surrogate }] });
    expect(ran()).toBe(false);
    const fine = await instance.inject({
      method: 'POST',
      url: '/typed/1',
      payload: { items: [{ name: 'ok 😀' }] },
    });
    expect(fine.statusCode).toBe(200);
    expect(ran()).toBe(true);
  });
});
