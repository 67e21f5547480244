import type { Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../columns';

/**
 * An export of a library wiggle into the gallery (issue 12): what was asked, the frame spent for it (ledger id, so a
 * failed render can refund it), and how it ended. `gallery_wiggle_id` stays null until the gallery wiggle exists.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db.schema.createTable('exports'), dialectOf(db))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wiggle_id', 'integer', (c) => c.notNull())
    .addColumn('album_id', 'integer')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('orientation', 'text', (c) => c.notNull())
    .addColumn('padding', 'integer', (c) => c.notNull())
    .addColumn('ledger_id', 'integer', (c) => c.notNull())
    .addColumn('purchase_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('gallery_wiggle_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exports_owner').on('exports').column('owner_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exports').execute();
}
