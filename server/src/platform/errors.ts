/**
 * Typed errors that services throw; one Fastify error handler (app.ts) maps them to DESIGN.md §4's format:
 * `{ "error": { "code", "message", "fields"? } }` with the status below. Messages are SPEC.md's words where it has them.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, fields?: Record<string, string>, code = 'bad_request') {
    super(400, code, message, fields);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'You are not signed in.', code = 'unauthorized') {
    super(401, code, message);
  }
}
export class PaymentRequired extends AppError {
  constructor(message: string, code = 'payment_required') {
    super(402, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do this.', code = 'forbidden') {
    super(403, code, message);
  }
}
/** Missing and not-yours answer the same, so ids of other members leak nothing. */
export class NotFound extends AppError {
  constructor(message = 'Not found.', code = 'not_found') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>, code = 'conflict') {
    super(409, code, message, fields);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message = 'The file is too large.', code = 'too_large') {
    super(413, code, message);
  }
}
export class UnsupportedMediaType extends AppError {
  constructor(message = 'The file is not a supported image.', code = 'not_an_image') {
    super(415, code, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message = 'Too many attempts. Please wait a moment and try again.',
    code = 'too_many_requests',
  ) {
    super(429, code, message);
  }
}
