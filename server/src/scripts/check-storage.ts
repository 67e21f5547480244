import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createBlobStore, s3SettingsFrom } from '../platform/blobs/create-blob-store';
import { checkStorage, DEFAULT_GRACE_MS } from '../platform/blobs/storage-check';
import { createDatabase } from '../platform/db/database';
import { runScript } from './run-script';
import { STORAGE_CLAIMS } from './storage-claims';

const usage = `Usage: npm run check:storage [-- --fix] [--grace-hours 24]

Compares the configured database (DATA_DIR / DATABASE_URL) with the configured blob store (local disk or S3):
lists blobs no row claims (orphans), rows whose blobs are missing and writes that never finished (temporary files
of a process killed mid-upload). With --fix, orphans and unfinished writes older than the grace period are deleted
(younger ones may belong to an upload or a job still under way). Exit code 0 when consistent
(after --fix: when nothing is missing), 1 otherwise.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      fix: { type: 'boolean', default: false },
      'grace-hours': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const graceHours =
    values['grace-hours'] === undefined ? DEFAULT_GRACE_MS / 3_600_000 : Number(values['grace-hours']);
  if (!Number.isFinite(graceHours) || graceHours < 0) {
    console.error(`--grace-hours takes a number of hours.\n\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const db = createDatabase(config);
  const blobs = createBlobStore({ dataDir: config.DATA_DIR, s3: s3SettingsFrom(config) });
  try {
    const report = await checkStorage(db, blobs, STORAGE_CLAIMS, {
      fix: values.fix,
      graceMs: graceHours * 3_600_000,
    });
    for (const orphan of report.orphans)
      console.log(`orphan blob   ${orphan.key} (${orphan.size} bytes, ${orphan.modifiedAt.toISOString()})`);
    for (const blob of report.recent)
      console.log(`recent blob   ${blob.key} (younger than the grace period, left alone)`);
    for (const write of report.unfinished)
      console.log(`unfinished    ${write.key} (${write.size} bytes, ${write.modifiedAt.toISOString()})`);
    for (const missing of report.missing)
      console.log(`missing blob  ${missing.key} (needed by ${missing.owner})`);
    console.log(
      JSON.stringify({
        blobs: report.blobs,
        orphans: report.orphans.length,
        recent: report.recent.length,
        missing: report.missing.length,
        unfinished: report.unfinished.length,
        removed: report.removed,
      }),
    );
    const left = report.orphans.length + report.unfinished.length - report.removed;
    return left === 0 && report.missing.length === 0 ? 0 : 1;
  } finally {
    await blobs.close();
    await db.destroy();
  }
}

runScript(main);
