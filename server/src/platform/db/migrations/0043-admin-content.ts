import type { Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../columns';

/**
 * The admin tables' sorted pages are keyset range scans: one index on (sort column, id) per whitelisted sort
 * column (the id sort is the primary key), so a sorted page at any depth reads only its rows at 100,000 members.
 */
const SORT_INDEXES: Record<string, string[]> = {
  users: ['email', 'name', 'created_at', 'status'],
  gallery_wiggles: ['name', 'created_at', 'rating', 'view_count', 'blocked', 'promoted'],
  albums: ['name', 'created_at'],
  originals: ['name', 'size', 'uploaded_at'],
};

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(SORT_INDEXES)) {
    for (const column of columns) {
      await db.schema
        .createIndex(`${table}_admin_sort_${column}`)
        .on(table)
        .columns([column, 'id'])
        .execute();
    }
  }
  // Originals across members have no owner-less index yet beyond the id: the admin list's owner filter uses this.
  await db.schema.createIndex('originals_admin_owner').on('originals').columns(['owner_id', 'id']).execute();
  await db.schema
    .createIndex('gallery_wiggles_admin_owner')
    .on('gallery_wiggles')
    .columns(['owner_id', 'id'])
    .execute();
  await db.schema.createIndex('albums_admin_owner').on('albums').columns(['owner_id', 'id']).execute();
  // An album's wiggle count on the admin album list, and its wiggles in the album's detail.
  await db.schema
    .createIndex('gallery_wiggles_admin_album')
    .on('gallery_wiggles')
    .columns(['album_id', 'id'])
    .execute();
  // The purge of deleted members finds them by status and the time of deletion.
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

  // Blocking or deleting an admin takes two admins: one asks, a different one confirms.
  await addIdColumn(db.schema.createTable('admin_requests'), dialectOf(db))
    .addColumn('target_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confirmed_at', 'text')
    .execute();
  await db.schema
    .createIndex('admin_requests_pending')
    .on('admin_requests')
    .columns(['target_id', 'action', 'confirmed_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_requests').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  for (const index of [
    'gallery_wiggles_admin_album',
    'originals_admin_owner',
    'gallery_wiggles_admin_owner',
    'albums_admin_owner',
  ])
    await db.schema.dropIndex(index).execute();
  for (const [table, columns] of Object.entries(SORT_INDEXES))
    for (const column of columns) await db.schema.dropIndex(`${table}_admin_sort_${column}`).execute();
}
