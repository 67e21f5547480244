/**
 * Keys come from features, but a bug or a crafted name must never reach outside the store's root,
 * so both drivers refuse anything that is not a plain relative '/'-separated path.
 */
export function assertValidBlobKey(key: string): void {
  if (!isValidBlobPath(key)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
}

/** A prefix may end with '/' (a folder) or with a partial segment, but never be empty: that would mean "everything". */
export function assertValidBlobPrefix(prefix: string): void {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!isValidBlobPath(trimmed)) throw new Error(`Invalid blob prefix: ${JSON.stringify(prefix)}`);
}

function isValidBlobPath(path: string): boolean {
  if (path.length === 0 || path.length > 1024) return false;
  if (path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
