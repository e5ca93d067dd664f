import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type CompilerInput = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * The JSON Schema of a response's zod schema as the API sends it (its output side), or null when zod
 * cannot represent it (transforms, custom checks): those routes keep the zod serializer.
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
}

/**
 * Response serialisation (ADR 023): each route's response schema (the contract's zod schema) is turned
 * into JSON Schema once, at start, and compiled by fast-json-stringify, Fastify's own serializer. Like
 * zod's encode it writes only the properties the contract declares (a presenter that leaks a column
 * leaks nothing), and a missing required property is an error (500, logged); it does not re-validate
 * every value on every response, which made zod's encode cost several times the whole serialisation
 * (ADR 023; figures in docs/benchmarks.md). Schemas zod
 * cannot express as JSON Schema keep the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (input: CompilerInput) => {
  const jsonSchema = input.schema instanceof z.ZodType ? responseJsonSchema(input.schema) : null;
  if (!jsonSchema) return zodSerializerCompiler(input);
  return fastJsonStringify(jsonSchema);
};
