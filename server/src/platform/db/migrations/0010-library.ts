import type { Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../columns';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped database of their moment
type AnyDb = Kysely<any>;

/** Keyset listing sorts: one index per sort so a page of a 100,000-item folder is an index range scan. */
const ORIGINAL_SORT_COLUMNS = ['name', 'uploaded_at', 'width', 'height', 'pixels'] as const;
const WIGGLE_SORT_COLUMNS = ['name', 'created_at', 'last_modified_at', 'rating'] as const;

export async function up(db: AnyDb): Promise<void> {
  const dialect = await dialectOf(db);

  await addIdColumn(db.schema.createTable('folders'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('delete_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('folders_owner_parent')
    .on('folders')
    .columns(['owner_id', 'parent_id', 'delete_status'])
    .execute();

  await addIdColumn(db.schema.createTable('originals'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('pixels', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('blob_o', 'text', (c) => c.notNull())
    .addColumn('blob_p', 'text', (c) => c.notNull())
    .addColumn('blob_t', 'text', (c) => c.notNull())
    .addColumn('delete_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ORIGINAL_SORT_COLUMNS) {
    await db.schema
      .createIndex(`originals_list_${column}`)
      .on('originals')
      .columns(['owner_id', 'folder_id', 'delete_status', column, 'id'])
      .execute();
  }

  await addIdColumn(db.schema.createTable('wiggles'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('left_original_id', 'integer', (c) => c.references('originals.id').onDelete('set null'))
    .addColumn('right_original_id', 'integer', (c) => c.references('originals.id').onDelete('set null'))
    .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_align', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_status', 'text', (c) => c.notNull().defaultTo('New'))
    .addColumn('auto_align_status', 'text', (c) => c.notNull().defaultTo('None'))
    .addColumn('i_status', 'text', (c) => c.notNull().defaultTo('None'))
    .addColumn('error_message', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('alignment', 'text')
    .addColumn('blob_prefix', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delete_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_modified_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of WIGGLE_SORT_COLUMNS) {
    await db.schema
      .createIndex(`wiggles_list_${column}`)
      .on('wiggles')
      .columns(['owner_id', 'folder_id', 'delete_status', column, 'id'])
      .execute();
  }
  // Purge scans Trash by age across members.
  for (const table of ['folders', 'originals', 'wiggles']) {
    await db.schema
      .createIndex(`${table}_trash`)
      .on(table)
      .columns(['delete_status', 'deleted_at'])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('wiggles').ifExists().execute();
  await db.schema.dropTable('originals').ifExists().execute();
  await db.schema.dropTable('folders').ifExists().execute();
}
