import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** Field messages of a failed safeParse (the common schema's words), first message per field. */
export function schemaFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The server's field messages of a failed call, if it sent some. */
export const serverFieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (error.error?.fields ?? {}) : {};
