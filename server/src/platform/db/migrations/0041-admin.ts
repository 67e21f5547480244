import type { Kysely } from 'kysely';
import { addIdColumn, dialectOf } from '../columns';

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  // An impersonation session acts as the member and records the admin who started it (SPEC §4).
  await db.schema
    .alterTable('sessions')
    .addColumn('impersonated_by', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();

  // SPEC §3 "Process log": one row per background job run and per admin action.
  await addIdColumn(db.schema.createTable('process_logs'), dialectOf(db))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('memory_increase', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('entity_group', 'text')
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'integer')
    .addColumn('admin_id', 'integer')
    .execute();
  // Keyset pages run newest first by id, filtered by one of these.
  await db.schema.createIndex('process_logs_name').on('process_logs').columns(['name', 'id']).execute();
  await db.schema.createIndex('process_logs_result').on('process_logs').columns(['result', 'id']).execute();
  await db.schema
    .createIndex('process_logs_entity')
    .on('process_logs')
    .columns(['entity_type', 'entity_id', 'id'])
    .execute();
  await db.schema.createIndex('process_logs_started_at').on('process_logs').column('started_at').execute();
  // The admin user list searches names (e-mail is unique, so indexed already) and filters by status.
  await db.schema.createIndex('users_name').on('users').column('name').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_name').execute();
  await db.schema.dropTable('process_logs').execute();
  await db.schema.alterTable('sessions').dropColumn('impersonated_by').execute();
}
