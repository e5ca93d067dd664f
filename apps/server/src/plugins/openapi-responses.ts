import { errorBodySchema } from '@isaac/contract';

/** Error responses for a route's OpenAPI schema, all in the one error shape: `errorResponses(400, 404)`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  const out = {} as Record<S, typeof errorBodySchema>;
  for (const status of statuses) out[status] = errorBodySchema;
  return out;
}
