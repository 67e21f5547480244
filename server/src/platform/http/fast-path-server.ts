import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';

/**
 * Answers a request before Fastify sees it: `false` at once when the request is not its kind, else a promise of
 * whether it answered (false: Fastify answers after all, e.g. on a 404 or an error, so those keep their one path).
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => false | Promise<boolean>;

/** The settings Fastify applies to the HTTP server it creates itself (fastify/lib/server.js), from its options. */
const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * A `serverFactory` for Fastify whose servers offer each request to a fast path first (installed once the routes it
 * shares are built, `use`). The servers get the settings Fastify would give its own. `app.inject` does not pass
 * through here, so a fast path is tested over a listening socket.
 */
export function fastPathServers() {
  let fastPath: FastPath | undefined;
  const serverFactory = (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    settings: Record<string, unknown>,
  ): Server => {
    const server = createServer((settings.http ?? {}) as ServerOptions, (request, response) => {
      const served = fastPath ? fastPath(request, response) : false;
      if (served === false) return handler(request, response);
      // A response already begun is the fast path's own, whatever it answered.
      const onward = (done: boolean) => done || response.headersSent || handler(request, response);
      served.then(onward, () => onward(false));
    });
    server.keepAliveTimeout = numberOf(settings.keepAliveTimeout);
    server.requestTimeout = numberOf(settings.requestTimeout);
    server.setTimeout(numberOf(settings.connectionTimeout));
    if (numberOf(settings.maxRequestsPerSocket) > 0)
      server.maxRequestsPerSocket = numberOf(settings.maxRequestsPerSocket);
    return server;
  };
  return {
    serverFactory,
    use(path: FastPath) {
      fastPath = path;
    },
  };
}
