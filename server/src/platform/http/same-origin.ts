import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A second line behind the bearer-only rule (guards.ts): a state-changing request that another site's page starts
 * (its `Origin` is neither ours nor PUBLIC_URL's) and that carries no bearer token is refused before any route runs.
 * That covers the calls that need no session (login, register, reset) too. With a bearer token the caller proved
 * it holds the session, wherever it runs.
 */
export function installSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.otherSitesPage) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return;
    throw new Forbidden('Requests from other sites are not accepted.', 'cross_site_request');
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route stands in for a page of another site (the Saferpay sandbox's payment page, which Saferpay serves from
     * its own origin): its form posts carry that page's origin, or `null` under our no-referrer policy, and change
     * nothing of a member's. The same-origin check leaves it alone.
     */
    otherSitesPage?: boolean;
  }
}
