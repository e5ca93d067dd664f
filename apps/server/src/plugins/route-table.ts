import type { FastifyInstance, FastifySchema } from 'fastify';

/** A route as registered (collected by the onRoute hook; the route-walk test reads it). */
export interface RegisteredRoute {
  method: string;
  url: string;
  hasSchema: boolean;
  tags: readonly string[];
  hasResponseSchema: boolean;
  /** The route's schema (zod: params, querystring, body), for tests that walk every input. */
  schema: FastifySchema | undefined;
  /** The route reads the caller's session in its own statement (ADR 041). */
  sessionInRead: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order. */
    routeTable: RegisteredRoute[];
  }
}

/** Records every route as it is registered (`app.routeTable`): the route walk and the OpenAPI checks read it. */
export function registerRouteTable(app: FastifyInstance): void {
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const tags = route.schema?.tags;
    for (const method of methods) {
      routeTable.push({
        method: method.toUpperCase(),
        url: route.url,
        hasSchema: route.schema !== undefined,
        tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
        hasResponseSchema: route.schema?.response !== undefined,
        schema: route.schema,
        sessionInRead: route.config?.sessionInRead === true,
      });
    }
  });
}
