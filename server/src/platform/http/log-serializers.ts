import type { IncomingMessage } from 'node:http';

/** Links in mails carry secrets in the path (/account/reset/{token}/{code}, /account/register/{code}). */
const SECRET_PATH = /(\/account\/(?:reset|register)\/)[^?#]*/;

export const redactUrl = (url: string): string => url.replace(SECRET_PATH, '$1[redacted]');

type LoggedRequest = IncomingMessage & { ip?: string; hostname?: string };

/** Request lines in the log, without the secrets some client routes carry in their path. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url ?? ''),
      host: request.hostname ?? request.headers?.host,
      remoteAddress: request.ip ?? request.socket?.remoteAddress,
    };
  },
};
