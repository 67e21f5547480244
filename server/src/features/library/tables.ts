import type { Generated } from 'kysely';

/**
 * Library tables (migration 0010-library). Cross-dialect: integer ids, ISO-8601 UTC TEXT timestamps,
 * booleans as 0/1 integers. Every row belongs to one member (owner_id) and every query filters on it.
 */
export interface FoldersTable {
  id: Generated<number>;
  owner_id: number;
  /** null = at the library root. */
  parent_id: number | null;
  name: string;
  /** SPEC delete status: Active 0, Trash 1, Expired 2. */
  delete_status: Generated<number>;
  deleted_at: string | null;
  created_at: string;
}

export interface OriginalsTable {
  id: Generated<number>;
  owner_id: number;
  folder_id: number | null;
  name: string;
  width: number;
  height: number;
  /** width * height, stored so the "resolution" sort has an index. */
  pixels: number;
  /** Bytes of `o`. */
  size: number;
  /** jpeg | png | webp... of `o`. */
  format: string;
  /** SPEC source type: Pair 1 (a plain photo, or one view split from an MPO), SideBySide 2. */
  source_type: number;
  blob_o: string;
  blob_p: string;
  blob_t: string;
  delete_status: Generated<number>;
  deleted_at: string | null;
  uploaded_at: string;
}

export interface WigglesTable {
  id: Generated<number>;
  owner_id: number;
  folder_id: number | null;
  name: string;
  description: Generated<string>;
  left_original_id: number | null;
  right_original_id: number | null;
  /** Pair 1, SideBySide 2 (then left_original_id = right_original_id = the side-by-side image). */
  source_type: number;
  auto_align: number;
  create_status: string;
  auto_align_status: string;
  i_status: string;
  error_message: string | null;
  width: number | null;
  height: number | null;
  /** JSON once aligned: { transform, pivot, canvas } in the originals' pixels (the unit of the member's tune). */
  alignment: string | null;
  /** JSON of common's Tune once the member tuned it in the editor (migration 0040); null = the defaults. */
  tune: Generated<string | null>;
  /** JSON `{ width, height }`: the canvas the tune's coordinates refer to, source px (set by the creation job). */
  canvas: Generated<string | null>;
  /** Prefix of every frame of this wiggle in the BlobStore (`.../left-f.webp`, `.../50-t.webp`). */
  blob_prefix: string;
  rating: Generated<number>;
  view_count: Generated<number>;
  delete_status: Generated<number>;
  deleted_at: string | null;
  created_at: string;
  last_modified_at: string;
}

export interface LibraryTables {
  folders: FoldersTable;
  originals: OriginalsTable;
  wiggles: WigglesTable;
}
