import { Messages } from '@wiggle/common/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const INVALID_REQUEST = 'The request is not valid.';

/** The one mapping of every failure to DESIGN.md §4's `{ error: { code, message, fields? } }`; never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toErrorResponse(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else if (status !== 404) request.log.info({ code: body.error.code, status }, 'request refused');
      return reply.status(status).send(body);
    },
  );
}

/**
 * Errors the router raises before any route or hook runs (a URL it cannot decode, a parameter past maxParamLength):
 * Fastify answers them in its own shape unless given this. The message does not echo the URL back.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.info({ code: error.code }, 'request refused');
  void reply.status(tooLong ? 414 : 400).send({
    error: {
      code: tooLong ? 'uri_too_long' : 'bad_url',
      message: tooLong ? 'The address is too long.' : 'The address is not valid.',
    },
  } satisfies ErrorBody);
}

/**
 * Fastify's own refusals of a body, in the app's codes and words (its codes, such as FST_ERR_CTP_INVALID_JSON_BODY,
 * name the framework; a client sees the same code for bad JSON whichever layer found it).
 */
const FRAMEWORK_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty; JSON was expected.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'This content type is not accepted here.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The request body does not match its Content-Length.',
  },
};

export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.fields) body.error.fields = error.fields;
    return { status: error.status, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    let wholeBody: string | undefined;
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // The first failing rule of a field is the one a person fixes first.
      if (field && !(field in fields)) fields[field] = issue.message ?? INVALID_REQUEST;
      // A rule on the whole body has no field to point at: a schema's own ("Give at least one field to change.")
      // or a strict schema's unknown fields, named (shortened: they are the client's text).
      if (!field) wholeBody ??= wholeBodyMessage(issue.keyword, issue.message, issue.params);
    }
    const first = Object.values(fields)[0];
    return {
      status: 400,
      body: { error: { code: 'validation', message: first ?? wholeBody ?? INVALID_REQUEST, fields } },
    };
  }
  const statusCode = (error as Partial<FastifyError>).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors (bad JSON, unsupported content type, body too large...) say nothing internal.
    const fastifyError = error as FastifyError;
    const known = FRAMEWORK_CLIENT_ERRORS[fastifyError.code ?? ''];
    if (known) return { status: statusCode, body: { error: { ...known } } };
    const code =
      statusCode === 429 ? 'too_many_requests' : (fastifyError.code ?? 'bad_request').toLowerCase();
    const message = fastifyError.validation ? INVALID_REQUEST : fastifyError.message || INVALID_REQUEST;
    return { status: statusCode, body: { error: { code, message } } };
  }
  return { status: 500, body: { error: { code: 'internal', message: Messages.generic } } };
}

function wholeBodyMessage(keyword: string, message: string | undefined, params: unknown): string | undefined {
  if (keyword === 'custom') return message || undefined;
  if (keyword !== 'unrecognized_keys') return undefined;
  const keys = (params as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || keys.length === 0) return undefined;
  const names = keys.slice(0, 5).map((key) => String(key).slice(0, 40));
  return `Unknown field${keys.length > 1 ? 's' : ''}: ${names.join(', ')}${keys.length > 5 ? '…' : ''}.`;
}

export function notFoundBody(): ErrorBody {
  return { error: { code: 'not_found', message: 'Not found.' } };
}
