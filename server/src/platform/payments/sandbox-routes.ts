import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PAGE_PREFIX } from './create-payments';
import type { SaferpaySandbox } from './saferpay-sandbox';

/**
 * Serves the sandbox's payment page on the app's own origin (the RedirectUrl points here) by handing the request to
 * the sandbox's Fastify instance, and delivers the sandbox's notify calls to this app in-process.
 */
export async function registerSandboxPage(app: FastifyInstance, sandbox: SaferpaySandbox): Promise<void> {
  sandbox.onNotify(async (url) => {
    const { pathname, search } = new URL(url);
    const response = await app.inject({ method: 'GET', url: `${pathname}${search}` });
    if (response.statusCode !== 200)
      app.log.warn({ status: response.statusCode }, 'sandbox notify call refused');
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const response = await sandbox.app.inject({
        method: request.method as 'GET' | 'POST',
        url: request.url.slice(SANDBOX_PAGE_PREFIX.length),
        headers: { 'content-type': request.headers['content-type'] ?? 'text/plain' },
        ...(typeof request.body === 'string' ? { payload: request.body } : {}),
      });
      const location = response.headers.location;
      if (typeof location === 'string') reply.header('location', location);
      return reply
        .status(response.statusCode)
        .header('content-type', response.headers['content-type'] ?? 'text/html; charset=utf-8')
        .send(response.body);
    };
    scope.get(`${SANDBOX_PAGE_PREFIX}/*`, { schema: { hide: true } }, forward);
    scope.post(
      `${SANDBOX_PAGE_PREFIX}/*`,
      { schema: { hide: true }, config: { otherSitesPage: true } },
      forward,
    );
  });
}
