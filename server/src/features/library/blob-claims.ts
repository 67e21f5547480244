import { DeleteStatus } from '@wiggle/common/enums';
import type { BlobClaimSource } from '../../platform/blobs/storage-check';
import { WIGGLE_FRAME_NAMES, wiggleFrameKey } from './item-keys';

const VIEW_FRAMES = WIGGLE_FRAME_NAMES.filter((name) => name.startsWith('left') || name.startsWith('right'));
const INTERPOLATED_FRAMES = WIGGLE_FRAME_NAMES.filter((name) => !VIEW_FRAMES.includes(name));

/**
 * The library's blobs: each live original needs o/p/t; each live wiggle owns its prefix and needs its view frames
 * once created and its in-between frames once interpolated. Expired rows claim nothing (purge deleted their files).
 */
export const libraryBlobClaims: BlobClaimSource = async (db) => {
  // An item in an Expired folder is unreachable: it claims nothing either (a trash takes a folder's contents along).
  const liveFolders = db
    .selectFrom('folders')
    .select('id')
    .where('delete_status', '!=', DeleteStatus.Expired);
  const [originals, wiggles] = await Promise.all([
    db
      .selectFrom('originals')
      .select(['id', 'blob_o', 'blob_p', 'blob_t'])
      .where('delete_status', '!=', DeleteStatus.Expired)
      .where((eb) => eb.or([eb('folder_id', 'is', null), eb('folder_id', 'in', liveFolders)]))
      .execute(),
    db
      .selectFrom('wiggles')
      .select(['id', 'blob_prefix', 'create_status', 'i_status'])
      .where('delete_status', '!=', DeleteStatus.Expired)
      .where((eb) => eb.or([eb('folder_id', 'is', null), eb('folder_id', 'in', liveFolders)]))
      .execute(),
  ]);
  const expected = originals.flatMap((o) =>
    [o.blob_o, o.blob_p, o.blob_t].map((key) => ({ key, owner: `original ${o.id}` })),
  );
  for (const w of wiggles) {
    const names = [
      ...(w.create_status === 'Success' ? VIEW_FRAMES : []),
      ...(w.i_status === 'Success' ? INTERPOLATED_FRAMES : []),
    ];
    for (const name of names)
      expected.push({ key: wiggleFrameKey(w.blob_prefix, name), owner: `wiggle ${w.id}` });
  }
  return { expected, prefixes: wiggles.map((w) => `${w.blob_prefix}/`) };
};
