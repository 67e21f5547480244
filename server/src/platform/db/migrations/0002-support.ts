import type { Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../columns';

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db.schema.createTable('support_inquiries'), dialectOf(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('read_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('support_inquiries_sent_at')
    .on('support_inquiries')
    .column('sent_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_inquiries').execute();
}
