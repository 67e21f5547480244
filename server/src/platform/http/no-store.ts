import type { FastifyInstance } from 'fastify';

/**
 * An answer that carries a session token (login, register, refresh...) must not be kept by any cache, shared or
 * private: one hook for every route, so a new route that returns a token cannot forget it.
 */
export function installNoStoreForTokens(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
    if (
      payload !== null &&
      typeof payload === 'object' &&
      typeof (payload as { token?: unknown }).token === 'string'
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
