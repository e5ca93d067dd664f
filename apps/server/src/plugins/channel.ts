import type { FastifyRequest } from 'fastify';

/** 'web' when the call comes from a web origin (a browser of the web app, ADR 016), else 'api'. */
export function channelOf(request: FastifyRequest): 'web' | 'api' {
  const origin = request.headers.origin;
  return origin !== undefined && request.server.config.webOrigins.includes(origin) ? 'web' : 'api';
}
