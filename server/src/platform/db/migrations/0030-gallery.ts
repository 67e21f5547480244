import type { Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../columns';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped database of their moment
type AnyDb = Kysely<any>;

/** Owner listings sort by these (SPEC: the gallery has no rating sort); one index each for keyset pages. */
const GALLERY_SORT_COLUMNS = ['name', 'created_at', 'last_modified_at'] as const;

export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);

  await addIdColumn(db.schema.createTable('albums'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('albums.id').onDelete('cascade'))
    // Materialized ancestry "/1/5/9/" (ids from the root down to this album): "an ancestor is public" is then a
    // prefix test inside the query instead of a recursive walk.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prevent_public_listing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delete_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('albums_owner_parent')
    .on('albums')
    .columns(['owner_id', 'parent_id', 'delete_status'])
    .execute();
  await db.schema.createIndex('albums_path').on('albums').column('path').execute();

  await addIdColumn(db.schema.createTable('gallery_wiggles'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('album_id', 'integer', (c) => c.references('albums.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('promoted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_share', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_link_to_album', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_in_feed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('iframe_watermark', 'text')
    .addColumn('share_watermark', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('has_in_betweens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blob_prefix', 'text', (c) => c.notNull())
    .addColumn('delete_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_modified_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of GALLERY_SORT_COLUMNS) {
    await db.schema
      .createIndex(`gallery_wiggles_list_${column}`)
      .on('gallery_wiggles')
      .columns(['owner_id', 'album_id', 'delete_status', column, 'id'])
      .execute();
  }
  await db.schema
    .createIndex('gallery_wiggles_feed')
    .on('gallery_wiggles')
    .columns(['show_in_feed', 'delete_status', 'created_at', 'id'])
    .execute();

  await addIdColumn(db.schema.createTable('share_links'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wiggle_id', 'integer', (c) => c.references('gallery_wiggles.id').onDelete('cascade'))
    .addColumn('album_id', 'integer', (c) => c.references('albums.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_links_wiggle').on('share_links').column('wiggle_id').execute();
  await db.schema.createIndex('share_links_album').on('share_links').column('album_id').execute();

  // Member defaults of SPEC §3's profile watermarks (video, iframe, share); a missing row = none.
  await db.schema
    .createTable('gallery_watermarks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('video', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('iframe', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('share', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // One row per wiggle, day and visitor; the visitor is a hash salted with a random per-day salt that is deleted
  // with the day, so no raw address is ever stored and old hashes cannot be linked back.
  await db.schema
    .createTable('gallery_views')
    .addColumn('wiggle_id', 'integer', (c) =>
      c.notNull().references('gallery_wiggles.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_views_pk', ['wiggle_id', 'day', 'visitor'])
    .execute();
  await db.schema
    .createTable('gallery_view_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'gallery_view_salts',
    'gallery_views',
    'gallery_watermarks',
    'share_links',
    'gallery_wiggles',
    'albums',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
