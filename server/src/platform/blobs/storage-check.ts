import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BlobInfo, BlobStore } from './blob-store';

/** What one feature's rows say about the blob store. */
export interface BlobClaims {
  /** Keys that must exist, each with the row that needs it ("original 12"). They are claimed too. */
  expected: Array<{ key: string; owner: string }>;
  /** Folders claimed whole, ending with '/' (a wiggle's frames, whatever the job has written so far). */
  prefixes: string[];
}

/** Each feature that stores blobs contributes one; see scripts/check-storage.ts for the list. */
export type BlobClaimSource = (db: Kysely<Database>) => Promise<BlobClaims>;

export interface StorageReport {
  /** Blobs listed in the store. */
  blobs: number;
  /** Blobs no live row claims, older than the grace period. */
  orphans: BlobInfo[];
  /** Unclaimed blobs younger than the grace period: perhaps an upload or a job still under way; left alone. */
  recent: BlobInfo[];
  /** Keys live rows need that the store does not have. */
  missing: Array<{ key: string; owner: string }>;
  /** Writes that never finished (a process killed mid-upload), older than the grace period. */
  unfinished: BlobInfo[];
  /** Orphans and unfinished writes deleted (with `fix`). */
  removed: number;
}

export interface StorageCheckOptions {
  /** Delete the orphans. */
  fix?: boolean;
  /** Unclaimed blobs younger than this are not orphans yet (default one day). */
  graceMs?: number;
  now?: Date;
}

export const DEFAULT_GRACE_MS = 24 * 3_600_000;

/**
 * The consistency check operators run (`npm run check:storage`) and the race tests end with: every blob has a row
 * that claims it, every row has the blobs it needs. Rows are read before the store is listed, so a blob written
 * meanwhile is at worst "recent", never removed.
 */
export async function checkStorage(
  db: Kysely<Database>,
  blobs: BlobStore,
  sources: readonly BlobClaimSource[],
  options: StorageCheckOptions = {},
): Promise<StorageReport> {
  const claims = await Promise.all(sources.map((source) => source(db)));
  const expected = claims.flatMap((c) => c.expected);
  const claimedKeys = new Set(expected.map((e) => e.key));
  const claimedPrefixes = new Set(claims.flatMap((c) => c.prefixes));
  const isClaimed = (key: string) => {
    if (claimedKeys.has(key)) return true;
    for (let cut = key.indexOf('/'); cut >= 0; cut = key.indexOf('/', cut + 1)) {
      if (claimedPrefixes.has(key.slice(0, cut + 1))) return true;
    }
    return false;
  };
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? DEFAULT_GRACE_MS);
  const report: StorageReport = {
    blobs: 0,
    orphans: [],
    recent: [],
    missing: [],
    unfinished: [],
    removed: 0,
  };
  const present = new Set<string>();
  for await (const info of blobs.list('')) {
    report.blobs += 1;
    present.add(info.key);
    if (isClaimed(info.key)) continue;
    (info.modifiedAt.getTime() <= cutoff ? report.orphans : report.recent).push(info);
  }
  report.missing = expected.filter((e) => !present.has(e.key));
  // A younger temporary file may be a write under way right now; an older one lost its process.
  for await (const info of blobs.listUnfinished?.() ?? []) {
    if (info.modifiedAt.getTime() <= cutoff) report.unfinished.push(info);
  }
  if (options.fix) {
    for (const orphan of report.orphans) {
      await blobs.delete(orphan.key);
      report.removed += 1;
    }
    for (const write of report.unfinished) {
      await blobs.discardUnfinished?.(write.key);
      report.removed += 1;
    }
  }
  return report;
}
