import { parseArgs } from 'node:util';
import { WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import { makeLayeredScene, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import sharp from 'sharp';
import { loadConfig } from '../config';
import { createAlbum } from '../features/gallery/album-service';
import { createGalleryWiggle, type GalleryFrames } from '../features/gallery/wiggle-service';
import { createBlobStore, s3SettingsFrom } from '../platform/blobs/create-blob-store';
import { createDatabase, migrateToLatest } from '../platform/db/database';

const usage = `Usage: npm run gallery:seed -- --email member@example.com [--album 'Name'] [--count 3] [--public] [--feed]

Until the export fills the gallery, puts sample wiggles (synthetic stereo scenes, five frames each) into a new album
of an existing member through the gallery service, and prints {"albumId", "wiggleIds"} as JSON.`;

const webp = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } }).webp({
    quality: 90,
  });

async function sampleFrames(seed: number): Promise<GalleryFrames> {
  const scene = makeLayeredScene({ width: 480, height: 336, seed, objects: 6, maxDisparity: 18 });
  const [left, f25, f50, f75, right] = [0, 0.25, 0.5, 0.75, 1].map((c) => renderView(scene, c));
  const full = (image: RawImage) => webp(image).toBuffer();
  const thumb = (image: RawImage) =>
    webp(image).resize(WIGGLE_THUMBNAIL.width, WIGGLE_THUMBNAIL.height, { fit: 'cover' }).toBuffer();
  return {
    left: { full: await full(left!), thumb: await thumb(left!) },
    right: { full: await full(right!), thumb: await thumb(right!) },
    inBetweens: [await full(f25!), await full(f50!), await full(f75!)],
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      album: { type: 'string', default: 'Sample album' },
      count: { type: 'string', default: '3' },
      public: { type: 'boolean', default: false },
      feed: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const count = Number(values.count);
  if (values.help || !values.email || !Number.isInteger(count) || count < 1 || count > 50) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const db = createDatabase(config);
  const blobs = createBlobStore({ dataDir: config.DATA_DIR, s3: s3SettingsFrom(config) });
  try {
    await migrateToLatest(db);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', values.email)
      .executeTakeFirst();
    if (!user) {
      console.error(`No member ${values.email}.`);
      return 2;
    }
    const deps = { db, blobs, publicUrl: config.PUBLIC_URL };
    const album = await createAlbum(db, user.id, {
      name: values.album ?? 'Sample album',
      parentId: null,
      public: values.public ?? false,
      preventPublicListing: false,
    });
    const wiggleIds: number[] = [];
    for (let i = 0; i < count; i++) {
      const wiggle = await createGalleryWiggle(deps, user.id, album.id, await sampleFrames(11 + i), {
        name: `Sample wiggle ${i + 1}`,
        description: 'A synthetic stereo scene with objects at several depths.',
        width: 480,
        height: 336,
        showInFeed: values.feed ?? false,
      });
      wiggleIds.push(wiggle.id);
    }
    console.log(JSON.stringify({ albumId: album.id, wiggleIds }));
    return 0;
  } finally {
    await blobs.close();
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
