import { EngineInputError } from '../image';

/** Turns a libvips/sharp failure on untrusted input into one clear EngineInputError line. */
export function toEngineInputError(error: unknown): Error {
  if (error instanceof EngineInputError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit|too large|exceeds/i.test(message)) {
    return new EngineInputError('The image has too many pixels to process.', 'too_large');
  }
  if (/unsupported image format|no loader|not a known file format/i.test(message)) {
    return new EngineInputError('The file is not a supported image.', 'not_an_image');
  }
  if (/premature|truncat|corrupt|invalid|bad|error|read|short/i.test(message)) {
    return new EngineInputError('The image is damaged or truncated.', 'corrupt');
  }
  return error instanceof Error ? error : new Error(message);
}
