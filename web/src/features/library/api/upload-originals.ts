import type { UploadResolutionLimit } from '@wiggle/common/constants';
import type { UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import { api } from '../../../lib/api-client';

export interface UploadOptions {
  folderId: number | null;
  resolutionLimit: UploadResolutionLimit;
  reencode: boolean;
}

/**
 * POST /library/originals (multipart). One file per call so each file has its own progress bar and a bad
 * file fails alone; the server answers good files and per-file errors in the same shape either way.
 */
export function uploadOriginal(
  file: File,
  options: UploadOptions,
  onProgress: (fraction: number) => void,
): Promise<UploadOriginalsResponse> {
  const form = new FormData();
  // Fields first: the server reads them before it streams the file parts.
  if (options.folderId !== null) form.append('folderId', String(options.folderId));
  form.append('resolutionLimit', String(options.resolutionLimit));
  form.append('reencode', String(options.reencode));
  form.append('file', file, file.name);
  return api.upload<UploadOriginalsResponse>('library/originals', form, { onProgress });
}
