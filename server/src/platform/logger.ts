import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';
import { logSerializers } from './http/log-serializers';

/** The process's logger: pino, or Fastify's view of the same pino instance inside a request. */
export type Logger = FastifyBaseLogger | pino.Logger;

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): pino.Logger {
  return pino({ level: config.LOG_LEVEL, serializers: logSerializers });
}
